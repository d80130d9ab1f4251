/// What a weekly meeting of a section is, where the registrar says (Banner's meeting
/// type and schedule type). Exams are not weekly meetings: they are a section's
/// ``FinalExam``.
public enum MeetingKind: String, Hashable, Codable, Sendable, CaseIterable {
    /// A class meeting: lecture, seminar, tutorial, or anything not a lab.
    case `class`
    /// A laboratory meeting.
    case lab
}
