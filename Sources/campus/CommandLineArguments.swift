import CampusCore

/// The arguments as the shell passed them, made ready for the parser.
enum CommandLineArguments {
    /// `arguments` (without the executable) with the options every lookup takes (`--index PATH`,
    /// `--index=PATH`, `--json`) moved from before the subcommand to after it, so that
    /// `campus --index i.sqlite schedule quinna` reads as `campus schedule quinna --index i.sqlite`.
    static func globalOptionsMoved(_ arguments: [String]) -> [String] {
        var moved: [String] = []
        var index = 0
        scan: while index < arguments.count {
            switch arguments[index] {
            case "--json":
                moved.append(arguments[index])
                index += 1
            case "--index" where index + 1 < arguments.count:
                moved += arguments[index...(index + 1)]
                index += 2
            case let argument where argument.hasPrefix("--index="):
                moved.append(argument)
                index += 1
            default:
                break scan
            }
        }
        guard !moved.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        var rest = Array(arguments[index...])
        rest.insert(contentsOf: moved, at: rest.firstIndex(of: "--") ?? rest.count)
        return rest
    }

    /// What to say when the first argument names no subcommand: the nearest ones by spelling
    /// (`shedule` → `schedule`); `nil` when it names one, or is an option.
    static func unknownSubcommand(_ arguments: [String], known: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !known.contains(first), first != "help" else { return nil }
        let nearest = EditDistance.nearest(to: first, among: known, limit: 2)
        let shown = VisibleText.escaped(first)
        guard !nearest.isEmpty else {
            return "'\(shown)' is not a campus command; the commands are \(known.joined(separator: ", ")) (campus --help)."
        }
        return "'\(shown)' is not a campus command. Did you mean: \(nearest.prefix(3).joined(separator: ", "))?"
    }
}
