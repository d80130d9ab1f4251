import CampusCore
import CampusLookup

/// `campus overlay` on a terminal: a heading, the grid of who is busy, the common free
/// slots, then the best slots when not everyone is free.
struct OverlayText {
    let answer: OverlayAnswer
    let top: Int

    func render(on terminal: Terminal) -> String {
        let overlay = answer.overlay
        let options = overlay.options
        let count = overlay.members.count
        var lines = [
            terminal.bold("Overlay of \(count) \(count == 1 ? "person" : "people") — \(answer.term.name) (\(answer.term.code))"),
            terminal.dim("\(options.days.letters), \(options.window), slots of at least \(options.minimumMinutes) min"
                         + (options.week.map { ", week of \($0)" } ?? "")),
            "",
            OverlayGridRenderer(overlay: overlay).render(on: terminal),
            "",
        ]
        if overlay.freeSlots.isEmpty {
            lines.append(terminal.bold("No slot of \(options.minimumMinutes) min or more suits \(Self.everyone(count))."))
        } else {
            lines.append(terminal.bold("Everyone free:"))
            lines += overlay.freeSlots.map { "  \($0.summary)  \($0.minutes) min" }
        }
        let partial = overlay.ranking.filter { !$0.busy.isEmpty && $0.freeCount > 0 }.prefix(top)
        if !partial.isEmpty {
            lines.append(terminal.bold("Best when not everyone can:"))
            var table = TextTable(headers: ["  SLOT", "MIN", "FREE", "BUSY"])
            for ranked in partial {
                table.add(row: ["  " + ranked.slot.summary, "\(ranked.slot.minutes)", "\(ranked.freeCount) of \(count)",
                                Self.names(ranked.busy)])
            }
            lines.append(table.render(on: terminal))
        }
        return lines.joined(separator: "\n")
    }

    /// `whitfid, brennam`, or the first five and how many more.
    static func names(_ ids: [String]) -> String {
        ids.count <= 5 ? ids.joined(separator: ", ") : ids.prefix(5).joined(separator: ", ") + " and \(ids.count - 5) more"
    }

    /// Everyone of `count` members, in words: `all 4`, `both`, `them`.
    static func everyone(_ count: Int) -> String {
        count == 1 ? "them" : count == 2 ? "both" : "all \(count)"
    }
}
