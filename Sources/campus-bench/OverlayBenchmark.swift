import ArgumentParser
import CampusCore
import DemoCampus
import Foundation
import Registrar

/// `campus-bench overlay`: the overlay and calendar goals of issue 4, in-process on a generated campus.
///
/// Members are built as `campus overlay` builds them from the index (the meetings of each
/// student's sections, with their term dates), beforehand: the timings exclude index reads.
struct OverlayBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overlay",
        abstract: "Measure overlays of 4, 300 and 5,000 people and a schedule's iCalendar file; print a Markdown report.")

    @Option(help: "Students on the generated campus.")
    var students = 10_000

    @Option(help: "Sections per term.")
    var sections = 1_500

    @Option(help: "The registrar definition (its term calendars).")
    var definition = "scrapers/rose-hulman.yaml"

    @Option(help: "The seed of the random member sets.")
    var seed: UInt64 = 4

    @Option(help: "Timed overlays of 4 people.")
    var smallRuns = 5_000

    @Option(help: "Timed overlays of a 300-student roster.")
    var rosterRuns = 300

    @Option(help: "Timed overlays of 5,000 people.")
    var crowdRuns = 30

    @Option(help: "Timed iCalendar files.")
    var calendarRuns = 5_000

    func run() throws {
        let registrar = try RegistrarDefinition.load(contentsOf: URL(fileURLWithPath: definition))
        let generated = Stopwatch.time {
            CampusGenerator.generate(.benchmark(students: students, sectionsPerTerm: sections, terms: 1))
        }
        let snapshot = try requireValue(generated.value.terms.first, "the generator made no term")
        let campus = OverlayBenchmarkCampus(snapshot)
        let termCalendar = try requireValue(
            registrar.calendar.terms[snapshot.term.code], "\(definition) has no calendar for \(snapshot.term.code)")
        var report = OverlayBenchmarkReport()
        report.note("Generated \(generated.value.students.count) students, \(snapshot.sections.count) sections"
            + " (\(snapshot.term.code)) in \(Stopwatch.format(generated.seconds)); \(campus.usernames.count) enrolled"
            + ", the largest section holds \(campus.largestSection)")

        let small = campus.memberSets(size: 4, draws: smallRuns, seed: seed)
        try report.add("overlay of 4 schedules, \(smallRuns) random sets of 4", goal: 50e-6,
                       OverlayTiming.samples(small, warmUp: 500, iterations: smallRuns, Self.overlay))
        let roster = campus.memberSets(size: 300, draws: 20, seed: seed &+ 1)
        try report.add("overlay of a 300-student roster (300 random enrolled students), \(rosterRuns) runs over 20 sets",
                       goal: 5e-3, OverlayTiming.samples(roster, warmUp: 20, iterations: rosterRuns, Self.overlay))
        let crowd = campus.memberSets(size: 5_000, draws: 3, seed: seed &+ 2)
        try report.add("overlay of 5000 people (random enrolled students, `--max 5000`), \(crowdRuns) runs over 3 sets",
                       goal: 0.1, OverlayTiming.samples(crowd, warmUp: 3, iterations: crowdRuns, Self.overlay))

        let schedules = campus.fullSchedules
        let stamp = (date: CalendarDate(dayNumber: Int(Date().timeIntervalSince1970 / 86_400)), minutes: 0)
        let calendars = OverlayTiming.samples(schedules, warmUp: 500, iterations: calendarRuns) { schedule in
            ICalendarWriter(calendar: registrar.calendar, term: snapshot.term, termCalendar: termCalendar,
                            owner: schedule.username)
                .write(schedule.sections, stampedAt: stamp).utf8.count
        }
        let cycled = schedules.prefix(calendarRuns)
        report.add("iCalendar file of a full schedule (\(cycled.count) students with 4-5 sections,"
                   + " \(cycled.filter { OverlayBenchmarkCampus.hasFinal($0.sections) }.count) of them with finals),"
                   + " whole text, \(calendarRuns) runs", goal: 1e-3, calendars)
        print(report.markdown)
    }

    /// The overlay of `members` with the default days, window and minimum, and room for all of them.
    private static func overlay(_ members: [OverlayMember]) throws -> Int {
        let options = OverlayOptions(maximumMembers: max(members.count, OverlayOptions.defaultMaximumMembers))
        let overlay = try Overlay(members: members, options: options)
        return overlay.freeSlots.count + overlay.ranking.count
    }
}
