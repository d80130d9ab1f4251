import ArgumentParser
import CampusCore
import DemoCampus
import Foundation
import Registrar

/// Generates the saved-pages campuses (the committed demo and benchmark campuses) and the directory LDIF.
@main
struct CampusFixtures: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "campus-fixtures",
        abstract: "Generate deterministic campuses rendered as saved registrar pages.",
        subcommands: [Demo.self, Banner8.self, Banner9.self, Scale.self, DirectoryLDIF.self])
}

/// The output directory and seed every subcommand takes.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "Directory to write the pages into (replaced if it already holds saved pages).")
    var output: String

    @Option(name: .long, help: "Seed of the random choices; the same seed gives byte-identical pages.")
    var seed: UInt64 = CampusScale.demoSeed

    /// Writes `campus` with `selection` and reports what was written.
    func write(_ campus: GeneratedCampus, selection: PageSelection) throws {
        let directory = URL(fileURLWithPath: output)
        let count = try SavedPagesWriter(directory: directory).write(campus, selection: selection)
        let sections = campus.terms.map(\.sections.count).reduce(0, +)
        print("wrote \(count) files to \(directory.path): \(campus.students.count) students, "
            + "\(campus.faculty.count) faculty, \(sections) sections in \(campus.terms.count) terms")
    }
}

/// What the Banner subcommands take: the output and seed, and the definition whose calendar dates the meetings.
struct BannerOutputOptions: ParsableArguments {
    @OptionGroup var output: OutputOptions

    @Option(help: "The definition whose calendar dates the meetings.")
    var definition = "scrapers/rose-hulman.yaml"

    var directory: URL { URL(fileURLWithPath: output.output) }

    func campus() -> GeneratedCampus { CampusGenerator.generate(.demo(seed: output.seed)) }

    func termDates() throws -> [TermCode: DateRange] {
        try RegistrarDefinition.load(contentsOf: URL(fileURLWithPath: definition)).calendar.terms.mapValues(\.classes)
    }
}

extension CampusFixtures {
    /// `campus-fixtures demo --output fixtures/demo-campus`
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate the demo campus (about 400 students, 40 faculty, four terms of 2025-2026).")

        @OptionGroup var options: OutputOptions

        func run() throws {
            try options.write(CampusGenerator.generate(.demo(seed: options.seed)), selection: .demo)
        }
    }

    /// `campus-fixtures banner8 --output DIR`: the demo campus as Banner 8 Self-Service pages.
    struct Banner8: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the demo campus as Banner 8 Self-Service pages, for registrar-emulator to serve.")

        @OptionGroup var options: BannerOutputOptions

        func run() throws {
            let count = try Banner8PagesWriter(directory: options.directory).write(options.campus(), termDates: try options.termDates())
            print("wrote \(count) pages to \(options.directory.path)")
        }
    }

    /// `campus-fixtures banner9 --output DIR`: the demo campus as Banner 9 class-search answers.
    struct Banner9: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the demo campus as Banner 9 class-search answers, for registrar-emulator to serve.")

        @OptionGroup var options: BannerOutputOptions

        func run() throws {
            let count = try Banner9AnswersWriter(directory: options.directory).write(options.campus(), termDates: try options.termDates())
            print("wrote \(count) answers to \(options.directory.path)")
        }
    }

    /// `campus-fixtures scale --students 10000 --sections 1500 --terms 1 --output DIR`
    struct Scale: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate a benchmark campus with every student's schedule page.")

        @OptionGroup var options: OutputOptions

        @Option(help: "Number of students.") var students = 10_000
        @Option(help: "Sections per regular term.") var sections = 1_500
        @Option(help: "Number of terms, 1 to 4, counted from Spring 2025-2026 backwards (4 adds Summer).") var terms = 1

        func validate() throws {
            guard students >= 10 else { throw ValidationError("--students must be at least 10, got \(students)") }
            guard sections >= 12 else { throw ValidationError("--sections must be at least 12, got \(sections)") }
            guard (1...4).contains(terms) else { throw ValidationError("--terms must be 1 to 4, got \(terms)") }
        }

        func run() throws {
            let scale = CampusScale.benchmark(students: students, sectionsPerTerm: sections, terms: terms, seed: options.seed)
            try options.write(CampusGenerator.generate(scale), selection: .benchmark)
        }
    }
}
