import CampusCore
import CampusLookup

/// `campus rooms free` on a terminal: what was looked at, why no class meets when none
/// does, then the free rooms, those free longest first.
struct FreeRoomsText {
    let answer: FreeRoomsAnswer

    func render(on terminal: Terminal) -> String {
        let moment = answer.date.map { "\(answer.moment.day.name) \($0.iso) \(answer.moment.time.twelveHour)" } ?? answer.moment.description
        let place = answer.building.map { " in building \($0)" } ?? ""
        var lines = [terminal.bold("Rooms free\(place) on \(moment) for \(DurationText.text(answer.minutes)) — \(answer.term.name) (\(answer.term.code))")]
        if let noClasses = answer.noClasses {
            lines.append("No class meets on \(answer.date?.iso ?? "that day"): \(noClasses); every room is free.")
        }
        guard !answer.rooms.isEmpty else {
            lines.append("None of the \(answer.roomsSeen) rooms\(place) is free for \(DurationText.text(answer.minutes)) from then.")
            return lines.joined(separator: "\n")
        }
        var table = TextTable("ROOM", "FREE UNTIL", "NEXT CLASS", "SEATS")
        for room in answer.rooms {
            let until = room.freeUntilText(from: answer.moment.time)
            table.add(room.room, until, room.nextSection?.rawValue ?? "", room.capacity.map(String.init) ?? "")
        }
        lines.append(table.render(on: terminal))
        lines.append(terminal.dim("\(answer.rooms.count) of \(answer.roomsSeen) rooms\(place) free."))
        return lines.joined(separator: "\n")
    }
}
