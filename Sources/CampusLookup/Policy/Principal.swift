/// Who a policy rule may name: everyone, members by affiliation or role, or the caller's
/// relation to what is asked about.
public enum Principal: Hashable, Sendable, CustomStringConvertible {
    /// Anyone, logged in or not.
    case anonymous
    /// Anyone logged in.
    case member
    /// A logged-in member the directory calls a student, faculty or staff.
    case student, faculty, staff
    /// The person asked about.
    case `self`
    /// The advisor of the student asked about.
    case advisor
    /// An instructor of one of the person's sections (of a roster: of the section).
    case instructor
    /// A student enrolled in the section (rosters).
    case enrolled
    /// Someone the person asked about consented to show it to (a schedule of the term asked).
    case consent
    /// A role the configuration gives by username (`registrar`).
    case role(String)
    /// The operator of this machine (``Caller/operator(named:)``), whom every rule allows; no
    /// policy file names it.
    case `operator`

    /// Reads a principal as a policy file writes it: a keyword, else a role's name.
    public init(_ text: String) {
        switch text {
        case "anonymous": self = .anonymous
        case "member": self = .member
        case "student": self = .student
        case "faculty": self = .faculty
        case "staff": self = .staff
        case "self": self = .self
        case "advisor": self = .advisor
        case "instructor": self = .instructor
        case "enrolled": self = .enrolled
        case "consent": self = .consent
        default: self = .role(text)
        }
    }

    public var description: String {
        switch self {
        case .anonymous: "anonymous"
        case .member: "member"
        case .student: "student"
        case .faculty: "faculty"
        case .staff: "staff"
        case .self: "self"
        case .advisor: "advisor"
        case .instructor: "instructor"
        case .enrolled: "enrolled"
        case .consent: "consent"
        case .role(let name): name
        case .operator: "operator"
        }
    }

    /// Principals that hold by a relation to what is asked about, not by who the caller is.
    var isRelation: Bool {
        switch self {
        case .self, .advisor, .instructor, .enrolled, .consent: true
        default: false
        }
    }
}

/// A caller's relations to what is asked about, found by the use case asking.
public struct Relations: Hashable, Sendable {
    public var isSelf = false
    public var isAdvisor = false
    public var isInstructor = false
    public var isEnrolled = false
    /// The person consented to show the caller what is asked (see ``Consent``).
    public var isConsented = false

    public init(isSelf: Bool = false, isAdvisor: Bool = false, isInstructor: Bool = false, isEnrolled: Bool = false, isConsented: Bool = false) {
        self.isSelf = isSelf
        self.isAdvisor = isAdvisor
        self.isInstructor = isInstructor
        self.isEnrolled = isEnrolled
        self.isConsented = isConsented
    }

    /// None: what is asked about is not a person or section the caller relates to.
    public static let none = Relations()
}
