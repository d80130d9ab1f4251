import CampusCore
import Foundation

/// Writes a generated campus as the answers of a Banner 9 class-search API, for the
/// emulator to serve (`registrar-emulator` and the tests):
///
/// - `getTerms.json`: every term, newest first;
/// - `{term}/subjects.json`: the subjects with sections that term;
/// - `{term}/{SUBJECT}.json`: one `searchResults` answer holding all the subject's sections.
///
/// A folder that already holds answers is replaced whole; one holding other files is refused.
///
/// Instructors are named by name and e-mail (`username@emailDomain`), not by username,
/// as Banner names them; cross-listed sections share a `crossList` group.
///
/// ```swift
/// try Banner9AnswersWriter(directory: output).write(CampusGenerator.generate(.demo), termDates: dates)
/// ```
public struct Banner9AnswersWriter: Sendable {
    /// Where the answers go; made if missing.
    public let directory: URL
    /// The domain of instructors' e-mail addresses.
    public var emailDomain: String

    public init(directory: URL, emailDomain: String = "rose-hulman.edu") {
        self.directory = directory
        self.emailDomain = emailDomain
    }

    /// Writes every term of `campus`; returns how many files were written.
    ///
    /// - Parameter termDates: Each term's days of classes, the meetings' date ranges.
    @discardableResult
    public func write(_ campus: GeneratedCampus, termDates: [TermCode: DateRange]) throws(DemoCampusError) -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let folder = GeneratedFolder(directory: directory, marker: "getTerms.json")
        func save(_ value: some Encodable, as name: String) throws(DemoCampusError) {
            let data: Data
            do {
                data = try encoder.encode(value)
            } catch {
                throw DemoCampusError(message: "cannot encode \(name): \(error.localizedDescription)")
            }
            try folder.save(data, as: name)
        }
        var count = 0
        try save(campus.terms.reversed().map { Banner9Answers.Code(code: $0.term.code.rawValue, description: $0.term.name) },
                 as: "getTerms.json")
        count += 1
        let names = Dictionary(DepartmentCatalog.all.map { ($0.subject, $0.name) }, uniquingKeysWith: { first, _ in first })
        for snapshot in campus.terms {
            let crossLists = Self.crossListGroups(snapshot)
            let subjects = Set(snapshot.sections.keys.map(\.subject)).sorted()
            try save(subjects.map { Banner9Answers.Code(code: $0, description: names[$0] ?? $0) }, as: "\(snapshot.term.code)/subjects.json")
            count += 1
            for subject in subjects {
                let answer = Banner9Answers.search(
                    subject, subjectName: names[subject] ?? subject, in: snapshot, crossLists: crossLists,
                    emailDomain: emailDomain, days: termDates[snapshot.term.code])
                try save(answer, as: "\(snapshot.term.code)/\(subject).json")
                count += 1
            }
        }
        return count
    }

    /// A group code (`X1`, `X2`) for each set of sections cross-listed with each other.
    static func crossListGroups(_ snapshot: TermSnapshot) -> [SectionID: String] {
        var groups: [SectionID: String] = [:]
        var next = 1
        for section in snapshot.sections.values.sorted(by: { $0.id < $1.id }) where !section.crossListedWith.isEmpty {
            if groups[section.id] != nil { continue }
            let code = "X\(next)"
            next += 1
            for member in [section.id] + section.crossListedWith where snapshot.sections[member] != nil { groups[member] = code }
        }
        return groups
    }
}
