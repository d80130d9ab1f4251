/// One unfolded content line of a calendar file: `NAME;PARAM=VALUE:value`, with the
/// file line it starts on.
struct ICalendarProperty: Sendable {
    var name: String
    var parameters: [String: String]
    var value: String
    var line: Int

    /// The content lines of `text`, continuation lines (starting with a space or tab) joined.
    static func unfolded(_ text: String) -> [ICalendarProperty] {
        var logical: [(line: Int, text: String)] = []
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }
        for (index, line) in lines.enumerated() {
            if let first = line.first, first == " " || first == "\t", !logical.isEmpty {
                logical[logical.count - 1].text += line.dropFirst()
            } else if !line.isEmpty {
                logical.append((index + 1, String(line)))
            }
        }
        return logical.compactMap { ICalendarProperty($0.text, line: $0.line) }
    }

    /// Splits one content line; `nil` when it has no colon.
    init?(_ text: String, line: Int) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let head = text[..<colon].split(separator: ";")
        guard let name = head.first else { return nil }
        self.name = name.uppercased()
        var parameters: [String: String] = [:]
        for parameter in head.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parameters[pair[0].uppercased()] = pair[1].filter { $0 != "\"" } }
        }
        self.parameters = parameters
        value = String(text[text.index(after: colon)...])
        self.line = line
    }
}
