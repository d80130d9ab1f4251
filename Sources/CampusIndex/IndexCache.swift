import CampusCore
import Synchronization

/// What lookups read again and again from one state of the index, kept as a directory
/// server keeps its entry cache: sections with their meetings and instructors, people's
/// registrar records and directory entries, and each person's part in a term.
///
/// Every entry is what the index holds, before a read's view of suppressed people is laid
/// over it (``IndexReader/shown(_:directory:)``, ``SectionEntry/shown(to:)``): one entry
/// serves every caller, and no answer or policy decision is kept. The whole cache is dropped
/// when a read sees another generation of the index, and when it holds ``capacity``
/// entries. Reads made inside a write never use it. BENCHMARKS.md ("What one person's
/// request can cost") measures what it saves.
final class IndexCache: Sendable {
    /// The most entries kept: past it the cache starts over, so that what it holds is bounded
    /// by a count of sections and people, whatever the campus's size.
    static let capacity = 60_000

    private let state = Mutex<(generation: Int64, entries: [Key: any Sendable])>((-1, [:]))

    /// The entry of `key` in the index at `generation`, if kept.
    func entry(_ key: Key, at generation: Int64) -> (any Sendable)? {
        state.withLock { $0.generation == generation ? $0.entries[key] : nil }
    }

    /// Keeps `entry` as `key`'s in the index at `generation`: another generation than the
    /// one kept (newer, or a read begun before a write) empties the cache first.
    func keep(_ entry: any Sendable, as key: Key, at generation: Int64) {
        state.withLock { state in
            if generation != state.generation || state.entries.count >= Self.capacity {
                state = (generation, [:])
            }
            state.entries[key] = entry
        }
    }

    /// Forgets every entry (the index's file now holds another index's contents).
    func removeAll() {
        state.withLock { $0 = (-1, [:]) }
    }

    /// `username` as the index compares it (`COLLATE NOCASE`: ASCII letters without case).
    static func key(_ username: String) -> String {
        String(decoding: username.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// What an entry is kept under, and so what it is; usernames as ``key(_:)`` makes them.
    enum Key: Hashable, Sendable {
        /// A ``SectionEntry``.
        case section(term: String, id: String)
        /// The registrar's record of a person (`Person?`).
        case person(String)
        /// A person's directory entry, suppressed or not (`DirectoryPerson?`).
        case directoryEntry(String)
        /// A ``TermPart``.
        case termPart(term: String, username: String, teachingOnly: Bool)
        /// The term under way when a username's present holder came (`String`, ``IndexReader/arrivalTerm(_:)``).
        case arrivalTerm(String)
        /// Whether a term's classes under a username given again are its holder's (`Bool`, ``IndexReader/holds(_:term:)``).
        case heldTerm(term: String, username: String)
    }

    /// A section with every instructor and the count the registrar printed, and who of
    /// them the directory suppresses.
    struct SectionEntry: Sendable {
        let section: Section
        /// Instructors' usernames (``key(_:)``) the directory suppresses.
        let suppressedInstructors: Set<String>
        /// Enrolled students' usernames (``key(_:)``) the directory suppresses.
        let suppressedStudents: [String]

        /// The section as `view` shows it: instructors it hides left out, students it hides
        /// taken from the enrolled count.
        func shown(to view: SuppressedView) -> Section {
            guard !suppressedInstructors.isEmpty || !suppressedStudents.isEmpty else { return section }
            var section = section
            section.instructors.removeAll { instructor in
                instructor.username.map { suppressedInstructors.contains(IndexCache.key($0)) && !view.reveals($0) } ?? false
            }
            let hidden = suppressedStudents.count(where: { !view.reveals($0) })
            if hidden > 0, let enrolled = section.enrolled { section.enrolled = max(0, enrolled - hidden) }
            return section
        }
    }

    /// A person as one term describes them, and the sections they take and teach in it.
    struct TermPart: Sendable {
        /// The registrar's record with the term's reading over it; `nil` when the registrar
        /// does not know them.
        let person: Person?
        let roles: [(id: String, role: SectionRole)]
    }
}
