/// The changes between two readings of a term's sections: what a refresh tells people.
///
/// ```swift
/// let changes = SectionChanges.between(before: stored, after: crawled, term: term)
/// ```
public enum SectionChanges {
    /// Every change from `before` to `after`, in section order; added and dropped students only
    /// where `enrolledAfter` is given (a crawl that read no class lists changes no roster).
    public static func between(
        before: [Section], after: [Section], enrolledBefore: Set<Enrollment>, enrolledAfter: Set<Enrollment>?, term: TermCode
    ) -> [ClassChange] {
        let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [ClassChange] = []
        for id in Set(old.keys).union(new.keys).sorted() {
            switch (old[id], new[id]) {
            case (let was?, let now?): changes += between(was, now, term: term)
            case (nil, let now?):
                changes.append(ClassChange(kind: .sectionAdded, term: term, section: id, title: now.title, after: when(now), rooms: roomList(now)))
            case (let was?, nil):
                changes.append(ClassChange(
                    kind: .sectionCancelled, term: term, section: id, title: was.title,
                    person: was.instructors.lazy.compactMap(\.username).first, before: when(was), rooms: roomList(was)))
            case (nil, nil): break
            }
        }
        guard let enrolledAfter else { return changes }
        let titles = new.merging(old) { kept, _ in kept }.mapValues(\.title)
        let lower = { (set: Set<Enrollment>) in Set(set.map { Enrollment(section: $0.section, username: $0.username.lowercased()) }) }
        let (was, now) = (lower(enrolledBefore), lower(enrolledAfter))
        let sorted = { (set: Set<Enrollment>) in set.sorted { ($0.section, $0.username) < ($1.section, $1.username) } }
        // A section added says so once; its whole class list is not news of its own. The students
        // of a cancelled section are each dropped: the log says whom the cancellation concerns.
        for enrollment in sorted(now.subtracting(was)) where old[enrollment.section] != nil {
            changes.append(ClassChange(
                kind: .studentAdded, term: term, section: enrollment.section, title: titles[enrollment.section],
                person: enrollment.username))
        }
        for enrollment in sorted(was.subtracting(now)) {
            changes.append(ClassChange(
                kind: .studentDropped, term: term, section: enrollment.section, title: titles[enrollment.section],
                person: enrollment.username))
        }
        return changes
    }

    /// The changes to one section read twice.
    static func between(_ was: Section, _ now: Section, term: TermCode) -> [ClassChange] {
        var changes: [ClassChange] = []
        func note(_ kind: ClassChange.Kind, _ before: String, _ after: String, rooms: [String] = []) {
            guard before != after else { return }
            changes.append(ClassChange(kind: kind, term: term, section: now.id, title: now.title, before: before, after: after, rooms: rooms))
        }
        note(.timeChanged, times(was), times(now), rooms: roomList(now))
        var leftAndEntered = roomList(was)
        leftAndEntered += roomList(now).filter { !leftAndEntered.contains($0) }
        note(.roomChanged, rooms(was), rooms(now), rooms: leftAndEntered)
        note(.instructorChanged, instructors(was), instructors(now))
        if let before = was.capacity, let after = now.capacity { note(.capacityChanged, String(before), String(after)) }
        return changes
    }

    /// `MTRF 11:00am-11:50am M111`, or `TBA`.
    static func when(_ section: Section) -> String {
        let meetings = section.schedule.meetings.map(\.summary)
        return meetings.isEmpty ? "TBA" : meetings.joined(separator: "; ")
    }

    /// `MTRF 11:00am-11:50am; W 2:00pm-3:50pm`, without rooms; `TBA` when it has no set time.
    static func times(_ section: Section) -> String {
        let meetings = section.schedule.meetings.map { "\($0.days.letters) \($0.start.twelveHour)-\($0.end.twelveHour)" }
        return meetings.isEmpty ? "TBA" : meetings.joined(separator: "; ")
    }

    /// `M111`, `BI102, BI104`, or `none` for a section with no room.
    static func rooms(_ section: Section) -> String {
        let rooms = roomList(section)
        return rooms.isEmpty ? "none" : rooms.joined(separator: ", ")
    }

    /// The rooms a section meets in, each once, in meeting order, upper-cased as lookups name them.
    static func roomList(_ section: Section) -> [String] {
        var seen: [String] = []
        for room in section.schedule.meetings.compactMap(\.room) where !seen.contains(room.uppercased()) { seen.append(room.uppercased()) }
        return seen
    }

    /// `Ambrose, Fern (ambrosf)`, several joined by `; `; `TBA` for none.
    static func instructors(_ section: Section) -> String {
        section.instructors.isEmpty ? "TBA" : section.instructors.map(\.label).joined(separator: "; ")
    }
}
