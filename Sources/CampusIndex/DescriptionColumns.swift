import CampusCore

/// The term scheme as the index stores it, one text column read without a decoder
/// on every lookup: `10:Fall:9;20:Winter:12;30:Spring:3;40:Summer:6` (code, name,
/// start month of each season, in order).
enum TermSeasonsColumn {
    static func text(_ scheme: TermScheme) -> String {
        scheme.seasons.map { "\($0.code):\($0.name):\($0.startMonth)" }.joined(separator: ";")
    }

    /// The scheme in `text` (empty for ``TermScheme/registrarNamed``); `nil` when it is not one.
    static func scheme(_ text: String) -> TermScheme? {
        if text.isEmpty { return .registrarNamed }
        var seasons: [TermScheme.Season] = []
        for part in text.split(separator: ";") {
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 3, let month = Int(fields[2]), (1...12).contains(month) else { return nil }
            seasons.append(TermScheme.Season(code: String(fields[0]), name: String(fields[1]), startMonth: month))
        }
        return TermScheme(seasons: seasons)
    }
}
