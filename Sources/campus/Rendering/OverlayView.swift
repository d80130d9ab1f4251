import CampusCore
import CampusLookup

/// `campus overlay --json`: `{"term", "members", "leftOut", "days", "between", "minimumMinutes",
/// "freeSlots": [{"day": "M", "start": "09:50", "end": "11:00", "minutes": 70}],
/// "ranking": [{...slot, "free": 3, "of": 4, "busy": ["whitfid"]}], "grid": [{"day", "cells": [{"hour", "busy"}]}]}`.
struct OverlayView: Encodable {
    struct Member: Encodable {
        let username: String
        let name: String?
        let enrolled: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(username, forKey: .username)
            try container.encode(name, forKey: .name)
            try container.encode(enrolled, forKey: .enrolled)
        }

        enum CodingKeys: String, CodingKey { case username, name, enrolled }
    }

    struct Slot: Encodable {
        let day: String
        let start: ClockTime
        let end: ClockTime
        let minutes: Int

        init(_ slot: OverlaySlot) {
            day = String(slot.day.letter)
            start = slot.start
            end = slot.end
            minutes = slot.minutes
        }
    }

    struct Ranked: Encodable {
        let day: String, start: ClockTime, end: ClockTime, minutes: Int
        let free: Int, of: Int, busy: [String]
    }

    struct Row: Encodable {
        struct Cell: Encodable {
            let hour: String
            let busy: [String]
        }

        let day: String
        let cells: [Cell]
    }

    struct Window: Encodable {
        let start: ClockTime
        let end: ClockTime
    }

    let term: TermView
    let members: [Member]
    let leftOut: [String]
    let days: String
    let between: Window
    let minimumMinutes: Int
    let freeSlots: [Slot]
    let ranking: [Ranked]
    let grid: [Row]

    init(_ answer: OverlayAnswer, top: Int) {
        let overlay = answer.overlay
        term = TermView(answer.term)
        members = overlay.members.map {
            Member(username: $0.id, name: answer.people[$0.id]?.name, enrolled: !answer.notEnrolled.contains($0.id))
        }
        leftOut = answer.leftOut
        days = overlay.options.days.letters
        between = Window(start: overlay.options.window.start, end: overlay.options.window.end)
        minimumMinutes = overlay.options.minimumMinutes
        freeSlots = overlay.freeSlots.map(Slot.init)
        ranking = overlay.ranking.prefix(top).map {
            let slot = Slot($0.slot)
            return Ranked(day: slot.day, start: slot.start, end: slot.end, minutes: slot.minutes,
                          free: $0.freeCount, of: overlay.members.count, busy: $0.busy)
        }
        grid = overlay.grid.days.map { day in
            Row(day: String(day.letter), cells: zip(OverlayGrid.columns, WeeklyGrid.columnTitles).map { hour, title in
                Row.Cell(hour: title, busy: overlay.grid.busy(on: day, hour: hour).map { overlay.members[$0].id })
            })
        }
    }
}
