import CampusCore

/// The generated term as the overlay and calendar benchmarks use it: every enrolled student's
/// overlay member, built as `campus overlay` builds it from the index (the meetings of their
/// sections, with the sections' term dates), and their sections for the calendar.
struct OverlayBenchmarkCampus {
    /// The enrolled students' usernames, sorted.
    let usernames: [String]
    /// Each enrolled student's member, by username.
    let members: [String: OverlayMember]
    /// Each enrolled student's sections, by username, in section-id order.
    let sections: [String: [Section]]
    /// The most students in one section.
    let largestSection: Int

    init(_ snapshot: TermSnapshot) {
        var byStudent: [String: [Section]] = [:]
        var perSection: [SectionID: Int] = [:]
        for enrollment in snapshot.enrollments {
            guard let section = snapshot.sections[enrollment.section] else { continue }
            byStudent[enrollment.username, default: []].append(section)
            perSection[enrollment.section, default: 0] += 1
        }
        sections = byStudent.mapValues { $0.sorted { $0.id.rawValue < $1.id.rawValue } }
        usernames = sections.keys.sorted()
        members = Dictionary(uniqueKeysWithValues: sections.map { username, sections in
            (username, OverlayMember(id: username, busy: sections.flatMap { section in
                let dates = section.termDates.flatMap { DateRange(registrar: $0) }
                return section.schedule.meetings.map { OverlayMember.Busy($0, dates: dates) }
            }))
        })
        largestSection = perSection.values.max() ?? 0
    }

    /// `draws` sets of `size` distinct enrolled students' members, drawn with a fixed seed.
    func memberSets(size: Int, draws: Int, seed: UInt64) -> [[OverlayMember]] {
        var generator = SplitMix(seed: seed)
        var pool = usernames
        let wanted = min(size, pool.count)
        return (0..<draws).map { _ in
            for index in 0..<wanted {
                pool.swapAt(index, index + Int(generator.next() % UInt64(pool.count - index)))
            }
            return pool.prefix(wanted).compactMap { members[$0] }
        }
    }

    /// The students with four or five sections and their sections, the ones with a final exam first:
    /// full schedules for the calendar.
    var fullSchedules: [(username: String, sections: [Section])] {
        let full = usernames.compactMap { name in sections[name].map { (username: name, sections: $0) } }
            .filter { (4...5).contains($0.sections.count) }
        return full.filter { Self.hasFinal($0.sections) } + full.filter { !Self.hasFinal($0.sections) }
    }

    /// Whether one of `sections` has a final exam.
    static func hasFinal(_ sections: [Section]) -> Bool { sections.contains { $0.finalExam != nil } }
}
