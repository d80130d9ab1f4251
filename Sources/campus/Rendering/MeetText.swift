import CampusCore
import CampusLookup

/// `campus meet` on a terminal: the grid of who is busy, then the best times, each with who
/// is busy and the rooms free for it, then how to write an invitation.
struct MeetText {
    let answer: MeetAnswer
    /// The command that asked, for the invitation hint.
    let command: String
    /// How many rooms each time was asked to list (`--rooms`).
    let roomsAsked: Int

    func render(on terminal: Terminal) -> String {
        let overlay = answer.overlay.overlay
        let count = overlay.members.count
        let options = overlay.options
        var lines = [
            terminal.bold("Meeting of \(count) \(count == 1 ? "person" : "people") for \(DurationText.text(answer.minutes)) — \(answer.overlay.term.name) (\(answer.overlay.term.code))"),
            terminal.dim("\(options.days.letters), \(options.window)" + (options.week.map { ", week of \($0)" } ?? "")),
            "",
            OverlayGridRenderer(overlay: overlay).render(on: terminal),
            "",
        ]
        guard !answer.suggestions.isEmpty else {
            lines.append(terminal.bold("No time of \(DurationText.text(answer.minutes)) suits any of the \(count)."))
            return lines.joined(separator: "\n")
        }
        lines.append(terminal.bold("Best times:"))
        // --rooms 0 asks for no rooms: no column saying "none" as if none were free.
        let showsRooms = roomsAsked > 0
        var table = TextTable(headers: ["  #", "WHEN", "WHO IS FREE"] + (showsRooms ? ["ROOMS FREE THEN"] : []))
        for (index, suggestion) in answer.suggestions.enumerated() {
            let who = suggestion.busy.isEmpty
                ? "\(OverlayText.everyone(count)) (until \(suggestion.slot.end.twelveHour))"
                : "\(suggestion.freeCount) of \(count); busy: \(OverlayText.names(suggestion.busy))"
            let rooms = suggestion.rooms.map { room in room.room + (room.capacity.map { " (\($0))" } ?? "") }
            table.add(row: ["  \(index + 1)", suggestion.meeting.summary, who]
                          + (showsRooms ? [rooms.isEmpty ? "none" : rooms.joined(separator: ", ")] : []))
        }
        lines.append(table.render(on: terminal))
        lines.append("")
        if showsRooms { lines.append(terminal.dim("Rooms: free for the whole meeting, (seats), those in the building most come from first.")) }
        lines.append(terminal.dim("An invitation: \(command) --invite 1 > meeting.ics"))
        return lines.joined(separator: "\n")
    }
}
