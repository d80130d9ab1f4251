import CampusCore

/// `campus overlay --json`: `{"term", "members", "leftOut", "days", "between", "minimumMinutes",
/// "freeSlots": [{"day": "M", "start": "09:50", "end": "11:00", "minutes": 70}],
/// "ranking": [{...slot, "free": 3, "of": 4, "busy": ["whitfid"]}], "grid": [{"day", "cells": [{"hour", "busy"}]}]}`.
public struct OverlayShape: Codable, Sendable {
    /// One person laid over: `enrolled` is false for someone without classes that term.
    public struct Member: Codable, Sendable {
        public var username: String
        @Nullable public var name: String?
        public var enrolled: Bool
    }

    /// A slot of the week: `{"day": "M", "start": "09:50", "end": "11:00", "minutes": 70}`.
    public struct Slot: Codable, Sendable {
        public var day: String
        public var start: ClockTime
        public var end: ClockTime
        public var minutes: Int

        init(_ slot: OverlaySlot) {
            day = String(slot.day.letter)
            start = slot.start
            end = slot.end
            minutes = slot.minutes
        }
    }

    /// A slot when not everyone is free: how many are, of how many, and who is busy.
    public struct Ranked: Codable, Sendable {
        public var day: String
        public var start: ClockTime
        public var end: ClockTime
        public var minutes: Int
        public var free: Int
        public var of: Int
        public var busy: [String]
    }

    /// One day of the busy grid, a cell per class hour.
    public struct Row: Codable, Sendable {
        public struct Cell: Codable, Sendable {
            public var hour: String
            public var busy: [String]
        }

        public var day: String
        public var cells: [Cell]
    }

    /// The part of each day looked at.
    public struct Window: Codable, Sendable {
        public var start: ClockTime
        public var end: ClockTime
    }

    public var term: TermShape
    public var members: [Member]
    public var leftOut: [String]
    /// People of a favorites group who have not shared their weeks with the caller: their times are never used.
    public var notShared: [String]
    public var days: String
    public var between: Window
    public var minimumMinutes: Int
    public var freeSlots: [Slot]
    public var ranking: [Ranked]
    public var grid: [Row]

    /// The overlay's shape, with the first `top` of its ranking.
    public init(_ answer: OverlayAnswer, top: Int) {
        let overlay = answer.overlay
        term = TermShape(answer.term)
        members = overlay.members.map {
            Member(username: $0.id, name: answer.people[$0.id]?.name, enrolled: !answer.notEnrolled.contains($0.id))
        }
        leftOut = answer.leftOut
        notShared = answer.notShared
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
