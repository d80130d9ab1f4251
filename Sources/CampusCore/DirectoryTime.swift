#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Moments as directories write them: LDAP generalized time (`20261127073703Z`, with an
/// optional fraction, as `pwdChangedTime` and `modifyTimestamp`), or Active Directory's count
/// of 100-nanosecond intervals since 1601 (`pwdLastSet`, `133456789012345678`; 0: must change).
public enum DirectoryTime {
    /// The moment `text` names; `nil` for text of neither form, or a count of 0.
    public static func date(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 15, trimmed.hasSuffix("Z"), let date = generalized(trimmed) { return date }
        guard let intervals = Int64(trimmed), intervals > 0 else { return nil }
        return Date(timeIntervalSince1970: Double(intervals) / 10_000_000 - 11_644_473_600)
    }

    /// `YYYYMMDDHHMMSS[.fraction]Z`, in UTC.
    private static func generalized(_ text: String) -> Date? {
        let digits = Array(text.utf8.prefix(14))
        guard digits.count == 14, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        let date = CalendarDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        guard let date, number(8..<10) < 24, number(10..<12) < 60, number(12..<14) < 61 else { return nil }
        let seconds = date.dayNumber * 86_400 + number(8..<10) * 3600 + number(10..<12) * 60 + number(12..<14)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
