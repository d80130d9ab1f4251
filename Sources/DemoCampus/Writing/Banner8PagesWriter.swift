import CampusCore
import Foundation

/// Writes a generated campus as Banner 8 Self-Service pages, for the emulator to serve
/// (`registrar-emulator` and the tests), one file per answer:
///
/// - `bwckschd.p_disp_dyn_sched.html`: the term list (all but the two newest terms "View only");
/// - `{term}/bwckgens.p_proc_term_date.html`: the term's search form, its subjects;
/// - `{term}/sections-{SUBJECT}.html`: "Sections Found" for a subject;
/// - `{term}/detail-{CRN}.html`: a section's detail, its seats.
///
/// Instructors are named "First Last" with an e-mail link, as Banner prints them.
///
/// ```swift
/// try Banner8PagesWriter(directory: output).write(CampusGenerator.generate(.demo), termDates: dates)
/// ```
public struct Banner8PagesWriter: Sendable {
    /// The term list's file: what tells the emulator a folder holds Banner 8 pages.
    public static let termList = "bwckschd.p_disp_dyn_sched.html"

    /// Where the pages go; a folder that already holds Banner 8 pages is replaced whole.
    public let directory: URL
    /// The domain of instructors' e-mail addresses.
    public var emailDomain: String

    public init(directory: URL, emailDomain: String = "rose-hulman.edu") {
        self.directory = directory
        self.emailDomain = emailDomain
    }

    /// Writes every term of `campus`; returns how many files were written.
    ///
    /// - Parameter termDates: Each term's days of classes, every meeting's Date Range.
    @discardableResult
    public func write(_ campus: GeneratedCampus, termDates: [TermCode: DateRange]) throws(DemoCampusError) -> Int {
        let folder = GeneratedFolder(directory: directory, marker: Self.termList)
        try folder.prepare()
        var count = 0
        func save(_ text: String, as name: String) throws(DemoCampusError) {
            try folder.save(Data(text.utf8), as: name)
            count += 1
        }
        let terms = campus.terms.map(\.term)
        try save(Banner8Pages.termList(terms, open: Set(terms.suffix(2).map(\.code))), as: Self.termList)
        let names = Dictionary(DepartmentCatalog.all.map { ($0.subject, $0.name) }, uniquingKeysWith: { first, _ in first })
        for snapshot in campus.terms {
            let term = snapshot.term
            let subjects = Set(snapshot.sections.keys.map(\.subject)).sorted()
            try save(Banner8Pages.subjects(subjects.map { ($0, names[$0] ?? $0) }, term: term), as: "\(term.code)/bwckgens.p_proc_term_date.html")
            for subject in subjects {
                let sections = snapshot.sections.values.filter { $0.id.subject == subject }.sorted { $0.id < $1.id }
                try save(Banner8Pages.sectionsFound(sections, term: term, days: termDates[term.code], emailDomain: emailDomain),
                         as: "\(term.code)/sections-\(subject).html")
                for section in sections {
                    guard let crn = section.crn else { continue }
                    try save(Banner8Pages.detail(section, term: term), as: "\(term.code)/detail-\(crn).html")
                }
            }
        }
        return count
    }
}
