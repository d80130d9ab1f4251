import CampusCore

/// The table, CSV, meeting and period parts of a definition file, checked and compiled.
extension DefinitionCompiler {
    func fields<Field: RawRepresentable & CaseIterable>(
        _ raw: [String: [String]], key: String
    ) throws(DefinitionError) -> [Field: [String]] where Field.RawValue == String {
        var result: [Field: [String]] = [:]
        var fieldBySpelling: [String: String] = [:]
        for name in raw.keys.sorted(by: { (line(of: "\(key).\($0)"), $0) < (line(of: "\(key).\($1)"), $1) }) {
            guard let field = Field(rawValue: name) else {
                throw invalid("\(key).\(name)", "unknown field; use one of \(Field.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let spellings = raw[name] ?? []
            for spelling in spellings {
                let normalised = ColumnMap<SectionColumn>.normalise(spelling)
                if let other = fieldBySpelling[normalised], other != name {
                    throw .spellingForTwoFields(
                        file: file, key: key, spelling: spelling, fields: [other, name], line: line(of: "\(key).\(name)"))
                }
                fieldBySpelling[normalised] = name
            }
            result[field] = spellings
        }
        return result
    }

    func columns<Field>(_ raw: DefinitionFile.Table, key: String) throws(DefinitionError) -> ColumnMap<Field> {
        let spellings: [Field: [String]] = try fields(raw.columns, key: "\(key).columns")
        var required: [Field] = []
        for name in raw.required {
            guard let field = Field(rawValue: name), spellings[field] != nil else {
                throw invalid("\(key).required", "'\(name)' is not one of the columns listed under \(key).columns")
            }
            required.append(field)
        }
        return ColumnMap(spellings: spellings, required: required)
    }

    func rosterCSV(_ raw: DefinitionFile.RosterCSV) throws(DefinitionError) -> RosterCSVLayout {
        let keys: [RosterCSVKey: [String]] = try fields(raw.keys, key: "rosterCSV.keys")
        var bySpelling: [String: RosterCSVKey] = [:]
        for (key, spellings) in keys { for spelling in spellings { bySpelling[spelling] = key } }
        let columns: [RosterCSVColumn: [String]] = try fields(raw.columns, key: "rosterCSV.columns")
        guard columns[.username] != nil else { throw invalid("rosterCSV.columns.username", "the username column is required") }
        return RosterCSVLayout(titlePrefix: raw.titlePrefix, keys: bySpelling,
                               columns: ColumnMap(spellings: columns, required: [.username]))
    }

    func characters(_ raw: [String], key: String) throws(DefinitionError) -> [Character] {
        var result: [Character] = []
        for text in raw {
            guard text.count == 1, let character = text.first else { throw invalid(key, "'\(text)' must be one character") }
            result.append(character)
        }
        return result
    }

    func afternoonHours(_ raw: [Int]) throws(DefinitionError) -> ClosedRange<Int> {
        guard raw.count == 2, raw[0] >= 1, raw[0] <= raw[1], raw[1] <= 12 else {
            throw invalid("clock.afternoonHours", "give the first and last afternoon hour, such as [1, 7]")
        }
        return raw[0]...raw[1]
    }

    func meetingGrammar(_ raw: DefinitionFile.Meetings, afternoon: ClosedRange<Int>) throws(DefinitionError) -> MeetingGrammar {
        var days: [Character: Weekday] = [:]
        for (letter, name) in raw.days {
            guard letter.count == 1, let character = letter.uppercased().first else {
                throw invalid("meetings.days.\(letter)", "a day letter must be one character")
            }
            guard let day = Weekday(name: name) else { throw invalid("meetings.days.\(letter)", "'\(name)' is not a weekday") }
            days[character] = day
        }
        guard raw.defaultMinutes > 0 else { throw invalid("meetings.defaultMinutes", "must be more than 0") }
        guard let at = raw.finalExamWords["at"], let inWord = raw.finalExamWords["in"] else {
            throw .missingKey(file: file, key: raw.finalExamWords["at"] == nil ? "meetings.finalExamWords.at" : "meetings.finalExamWords.in")
        }
        let field = try characters([raw.fieldSeparator], key: "meetings.fieldSeparator")[0]
        return MeetingGrammar(
            patternSeparators: try characters(raw.patternSeparators, key: "meetings.patternSeparators"),
            fieldSeparator: field, days: days, tbaWords: Set(raw.tbaWords.map { $0.uppercased() }),
            defaultMinutes: raw.defaultMinutes, afternoonHours: afternoon, finalExamAt: at, finalExamIn: inWord,
            crossListingMarkers: raw.crossListingMarkers.map { $0.lowercased() })
    }

    func periods(_ raw: DefinitionFile.Periods, afternoon: ClosedRange<Int>) throws(DefinitionError) -> PeriodTable {
        guard raw.minutes > 0 else { throw invalid("periods.minutes", "must be more than 0") }
        var starts: [Int: ClockTime] = [:]
        for (period, text) in raw.starts {
            guard let time = ClockText.read(Substring(text), afternoonHours: afternoon) else {
                throw invalid("periods.starts.\(period)", "'\(text)' is not a time such as 8:05 or 1:35pm")
            }
            starts[period] = time
        }
        return PeriodTable(starts: starts, minutes: raw.minutes)
    }
}
