/// What the change log says of a person's classes in a term, for their calendar: how often each
/// section changed in ways its events show (time, room, instructor), so that calendar programs
/// update their copies (`SEQUENCE`, `LAST-MODIFIED`), and the sections of theirs cancelled, so that
/// their events are marked `STATUS:CANCELLED` rather than silently gone.
public struct EventRevisions: Hashable, Sendable {
    /// One section's changes: how many, and when the last was found (UTC date, minutes after midnight).
    public struct Revision: Hashable, Sendable {
        public var sequence: Int
        public var lastModified: (date: CalendarDate, minutes: Int)

        public init(sequence: Int, lastModified: (date: CalendarDate, minutes: Int)) {
            self.sequence = sequence
            self.lastModified = lastModified
        }

        public static func == (lhs: Revision, rhs: Revision) -> Bool {
            lhs.sequence == rhs.sequence && lhs.lastModified.date == rhs.lastModified.date && lhs.lastModified.minutes == rhs.lastModified.minutes
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(sequence)
            hasher.combine(lastModified.date)
            hasher.combine(lastModified.minutes)
        }
    }

    /// A section of the person's that the registrar cancelled.
    public struct Cancelled: Hashable, Sendable {
        public var section: SectionID
        public var title: String
        /// How many weekly meeting patterns it had (its events' UIDs `m0`...).
        public var meetings: Int
        public var revision: Revision

        public init(section: SectionID, title: String, meetings: Int, revision: Revision) {
            self.section = section
            self.title = title
            self.meetings = meetings
            self.revision = revision
        }
    }

    public var revisions: [SectionID: Revision]
    public var cancelled: [Cancelled]

    public init(revisions: [SectionID: Revision] = [:], cancelled: [Cancelled] = []) {
        self.revisions = revisions
        self.cancelled = cancelled
    }

    /// No change known.
    public static let none = EventRevisions()
}
