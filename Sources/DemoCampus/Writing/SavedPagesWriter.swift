import CampusCore
import Foundation

/// Renders a generated campus into a saved-pages directory, one file per page,
/// each written as soon as it is rendered (a big campus is never held in memory as pages).
///
/// Layout, relative to the directory: `terms.html`; per term `{term}/Course-{SUBJECT}.html`,
/// `{term}/Roster-{SECTION}.html`, `{term}/Roster-{COURSE}.html`, `{term}/Instructor-{username}.html`,
/// `{term}/Username-{username}.html`, `{term}/Room-{ROOM}.html`, `{term}/LastName-{Name}.html`
/// and `{term}/Roster-{SECTION}.csv`.
///
/// ```swift
/// let campus = CampusGenerator.generate(.demo)
/// let count = try SavedPagesWriter(directory: output).write(campus, selection: .demo)
/// ```
public struct SavedPagesWriter: Sendable {
    /// Where the pages go; replaced as a whole if it already holds saved pages.
    public let directory: URL

    /// Creates a writer for `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes every page of `campus` chosen by `selection` and returns how many files were written.
    @discardableResult
    public func write(_ campus: GeneratedCampus, selection: PageSelection) throws(DemoCampusError) -> Int {
        try prepareDirectory()
        var count = 0
        let terms = campus.terms.map(\.term)
        let selected = terms.last { !$0.code.rawValue.hasSuffix("40") }?.code ?? terms.last?.code
        let departments = DepartmentCatalog.all.map { (subject: $0.subject, name: $0.name) }
        if let selected {
            try save(TermListPage.render(terms: terms, selected: selected, departments: departments), as: "terms.html")
            count += 1
        }
        let studentTerms = Set(terms.suffix(selection.studentPageTerms ?? terms.count).map(\.code))
        let faculty = Dictionary(uniqueKeysWithValues: campus.faculty.map { ($0.username, $0) })
        for snapshot in campus.terms {
            var pages = TermPageSet(index: TermIndex(snapshot), faculty: faculty, selection: selection)
            pages.includeStudents = studentTerms.contains(snapshot.term.code)
            try pages.render { name, text throws(DemoCampusError) in
                try save(text, as: "\(snapshot.term.code)/\(name)")
                count += 1
            }
        }
        return count
    }

    private func prepareDirectory() throws(DemoCampusError) {
        let files = FileManager.default
        let path = directory.path
        do {
            if files.fileExists(atPath: path) {
                let contents = try files.contentsOfDirectory(atPath: path)
                guard contents.isEmpty || contents.contains("terms.html") else {
                    throw DemoCampusError(message: "\(path) holds files but no terms.html, so it is not a saved-pages "
                        + "directory; choose a new or empty directory for the generated pages")
                }
                try files.removeItem(at: directory)
            }
            try files.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch let error as DemoCampusError {
            throw error
        } catch {
            throw DemoCampusError(message: "cannot prepare \(path) for the generated pages: \(error.localizedDescription)")
        }
    }

    private func save(_ text: String, as relativePath: String) throws(DemoCampusError) {
        let url = directory.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        } catch {
            throw DemoCampusError(message: "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
