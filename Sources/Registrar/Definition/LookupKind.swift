import CampusCore

/// The kinds of ``Lookup``, named as the definition file's keys (`course`, `rosterCSV`).
enum LookupKind: String, CaseIterable, Sendable {
    case termList, course, roster, instructor, student, room, lastName, rosterCSV
}

extension Lookup {
    /// Which kind of lookup this is.
    var kind: LookupKind {
        switch self {
        case .termList: .termList
        case .course: .course
        case .roster: .roster
        case .instructor: .instructor
        case .student: .student
        case .room: .room
        case .lastName: .lastName
        case .rosterCSV: .rosterCSV
        }
    }

    /// What is looked up (`CSSE3`, `valer`); `nil` for the term list.
    var id: String? {
        switch self {
        case .termList: nil
        case .course(let id, _), .roster(let id, _), .instructor(let id, _), .student(let id, _),
            .room(let id, _), .lastName(let id, _), .rosterCSV(let id, _):
            id
        }
    }

    /// Builds a lookup of `kind` from its term and id; `nil` when one the kind needs is missing.
    init?(kind: LookupKind, term: TermCode?, id: String?) {
        if kind == .termList {
            self = .termList
            return
        }
        guard let term, let id, !id.isEmpty else { return nil }
        switch kind {
        case .termList: return nil
        case .course: self = .course(prefix: id, term: term)
        case .roster: self = .roster(id: id, term: term)
        case .instructor: self = .instructor(username: id, term: term)
        case .student: self = .student(username: id, term: term)
        case .room: self = .room(id, term: term)
        case .lastName: self = .lastName(id, term: term)
        case .rosterCSV: self = .rosterCSV(section: id, term: term)
        }
    }
}

/// One value per lookup kind, every kind required (the definition's `http` and `savedPages`).
struct PerLookup<Value: Sendable>: Sendable {
    private var values: [LookupKind: Value]

    init(_ values: [LookupKind: Value]) {
        self.values = values
    }

    subscript(kind: LookupKind) -> Value { values[kind]! }

    /// Converts each value, keeping the first error.
    func map<Other: Sendable, Failure: Error>(
        _ transform: (LookupKind, Value) throws(Failure) -> Other
    ) throws(Failure) -> PerLookup<Other> {
        var converted: [LookupKind: Other] = [:]
        for kind in LookupKind.allCases { converted[kind] = try transform(kind, self[kind]) }
        return PerLookup<Other>(converted)
    }
}

extension PerLookup: Encodable where Value: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LookupKindKey.self)
        for kind in LookupKind.allCases { try container.encode(self[kind], forKey: LookupKindKey(stringValue: kind.rawValue)) }
    }
}

/// A lookup kind's name as a key of a definition file (`course:`).
private struct LookupKindKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension PerLookup: Decodable where Value: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: LookupKindKey.self)
        var values: [LookupKind: Value] = [:]
        for kind in LookupKind.allCases {
            values[kind] = try container.decode(Value.self, forKey: LookupKindKey(stringValue: kind.rawValue))
        }
        self.values = values
    }
}
