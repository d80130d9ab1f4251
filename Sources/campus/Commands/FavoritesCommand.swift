import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus favorites add|remove|list|clear`: the people the local user keeps an eye on.
struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "Keep people you look up often; list shows their classes and where they are now or next.",
        discussion: """
            Favorites belong to the local user ($USER), live in the user-state store beside the index \
            (never touched by a sync or a rebuild). \
            Without --group they go in the group '\(Favorite.defaultGroup)'.
            Example: campus favorites add valer --group lab
            """,
        subcommands: [Add.self, Remove.self, List.self, Clear.self])

    /// `--group NAME`, refused when empty.
    struct GroupOption: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("The group (default: \(Favorite.defaultGroup)).", valueName: "name"))
        var group: String?

        func validate() throws {
            if let group, group.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("the group name is empty: name one, e.g. --group lab, or leave --group out for '\(Favorite.defaultGroup)'.")
            }
        }

        var chosen: String { group?.trimmingCharacters(in: .whitespaces) ?? Favorite.defaultGroup }
        var chosenOrAll: String? { group == nil ? nil : chosen }
    }

    /// The options `add` and `remove` share: the index, the group and the person.
    struct Target: ParsableArguments {
        @OptionGroup var global: GlobalOptions
        @OptionGroup var group: GroupOption
        @Argument(help: "The person's username.", completion: CommandCompletions.usernames) var username: String

        func validate() throws {
            try RequiredArgument.check(username, names: "a username", example: "campus favorites add valer")
        }

        var name: String { username.lowercased() }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a person.", discussion: "Example: campus favorites add valer")
        @OptionGroup var target: Target

        func run() async throws {
            let (name, group) = (target.name, target.group.chosen)
            let added = try await target.global.lookUp(
                // Kept with the moment it was added, not the campus clock of a demo.
                local: { door, _ throws(CampusError) in try await door.addFavorite(name, group: group, as: .operator(), now: Date()) },
                remote: { server throws(CampusError) in try await server.addFavorite(name, group: group) })
            print(added ? "added \(name) to \(group)" : "\(name) is already in \(group)")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a person.", discussion: "Example: campus favorites remove valer")
        @OptionGroup var target: Target

        func run() async throws {
            let (name, group) = (target.name, target.group.chosen)
            let removed = try await target.global.lookUp(
                local: { door, _ throws(CampusError) in try await door.removeFavorite(name, group: group, as: .operator()) },
                remote: { server throws(CampusError) in try await server.removeFavorite(name, group: group) })
            guard removed else { throw CommandFailure("\(name) is not in \(group): see `campus favorites list`.") }
            print("removed \(name) from \(group)")
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove everyone from one group, or from every group without --group.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var group: GroupOption

        func run() async throws {
            let count = try await global.lookUp(
                local: { door, _ throws(CampusError) in try await door.clearFavorites(group: group.chosenOrAll, as: .operator()) },
                remote: { server throws(CampusError) in try await server.clearFavorites(group: group.chosenOrAll) })
            print("removed \(CountedText.text(count, "favorite"))")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Each favorite's classes this term and where they are now or next, from the index.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var group: GroupOption

        func run() async throws {
            let shown = try await global.lookUp(
                local: { door, now throws(CampusError) in
                    let page = try await door.favorites(group: group.chosenOrAll, as: .operator(), now: now)
                    return Shown(page.answer.statuses, withheldOf: page.withheldOf)
                },
                remote: { server throws(CampusError) in try await server.favorites(group: group.chosenOrAll) })
            let statuses = shown.answer
            if global.json {
                print(try AnswerJSON.text(FavoritesShape(Shown(FavoritesPage(statuses: statuses, total: statuses.count, paging: .everything),
                                                               withheldOf: shown.withheldOf))))
            } else if statuses.isEmpty {
                print("no favorites yet: add one with `campus favorites add USER`.")
            } else {
                print(FavoriteStatusText.render(statuses, on: .standardOutput))
            }
        }
    }
}

/// `campus favorites list` as text: per group, each person, their whereabouts and their sections.
enum FavoriteStatusText {
    static func render(_ statuses: [FavoriteStatus], on terminal: Terminal) -> String {
        var lines: [String] = []
        for (index, status) in statuses.enumerated() {
            if index == 0 || statuses[index - 1].favorite.group != status.favorite.group {
                if index > 0 { lines.append("") }
                lines.append(terminal.bold("\(status.favorite.group.uppercased())"))
            }
            let username = status.favorite.username
            guard let person = status.person else {
                lines.append("\(username) — not in the index, or withheld by the directory")
                continue
            }
            let name = person.name.map { "\($0) (\(username))" } ?? username
            guard let term = status.term else {
                lines.append("\(name) — no classes in any indexed term")
                continue
            }
            lines.append("\(name) — \(term.name) (\(term.code))" + (status.whereabouts.map { "  \($0)" } ?? ""))
            for scheduled in status.sections {
                let section = scheduled.section
                lines.append("  \(scheduled.role.rawValue)  \(section.id.rawValue)  \(section.title)  \(SectionRows.text(section)[3])")
            }
        }
        return lines.joined(separator: "\n")
    }
}
