import CampusCore

/// Reads the Final Exam Schedule column: `W at 1:00pm in O159` -> Wednesday, 13:00, O159.
struct FinalExamReader: Sendable {
    let grammar: MeetingGrammar

    /// The exam `text` describes: `nil` for an empty cell; `readable` is false when the
    /// text is kept raw because its day or time could not be read.
    func read(_ text: String) -> (exam: FinalExam, readable: Bool)? {
        guard !text.isEmpty else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace)
        let atWord = grammar.finalExamAt.lowercased()
        let inWord = grammar.finalExamIn.lowercased()
        guard let at = words.firstIndex(where: { $0.lowercased() == atWord }), at > 0, at + 1 < words.count else {
            return (FinalExam(day: nil, start: nil, room: nil, raw: text), false)
        }
        let day = words[..<at].count == 1 ? day(words[0]) : nil
        let start = ClockText.read(words[at + 1], afternoonHours: grammar.afternoonHours)
        var room: String?
        if let inIndex = words[(at + 1)...].firstIndex(where: { $0.lowercased() == inWord }), inIndex + 1 < words.count {
            room = words[(inIndex + 1)...].joined(separator: " ")
        }
        return (FinalExam(day: day, start: start, room: room, raw: text), day != nil && start != nil)
    }

    private func day(_ word: Substring) -> Weekday? {
        if let days = grammar.days(in: word), days.count == 1 { return days[0] }
        return Weekday(name: String(word))
    }
}
