import Foundation

/// Which part of a long list an answer holds: `limit` items after skipping `offset`,
/// the request's `cursor` saying where the last page ended.
///
/// Cursors are opaque to clients (`next` of the previous page); a cursor that is not one
/// is refused naming the parameter.
public struct Paging: Hashable, Sendable {
    public static let defaultLimit = 50
    public static let maximumLimit = 500
    /// The furthest a cursor reaches: past any list this server answers, short of overflowing
    /// the arithmetic a page is found by. A cursor further along is read as this far (an empty page).
    public static let maximumOffset = 1_000_000
    /// The most digits a cursor's offset has (as `api/openapi.json`'s pattern allows).
    static let maximumOffsetDigits = 18

    public var offset: Int
    public var limit: Int

    /// Everything: what the command line asks for.
    public static let everything = Paging(offset: 0, limit: Int.max)

    public init(offset: Int, limit: Int) {
        self.offset = offset
        self.limit = limit
    }

    /// The paging a request asks for.
    ///
    /// - Throws: ``CampusError/invalidParameter(name:detail:)`` naming `limit` or `cursor`.
    public init(limit: Int?, cursor: String?) throws(CampusError) {
        let limit = limit ?? Self.defaultLimit
        guard (1...Self.maximumLimit).contains(limit) else {
            throw .invalidParameter(name: "limit", detail: "\(limit) is not from 1 to \(Self.maximumLimit)")
        }
        self.limit = limit
        guard let cursor else {
            offset = 0
            return
        }
        guard let decoded = Data(base64Encoded: Self.padded(cursor)), let text = String(data: decoded, encoding: .utf8),
              text.hasPrefix("o="), text.count - 2 <= Self.maximumOffsetDigits, let offset = Int(text.dropFirst(2)), offset >= 0 else {
            throw .invalidParameter(name: "cursor", detail: "'\(cursor.prefix(60))' is not a cursor this server gave (use the next of the page before)")
        }
        self.offset = min(offset, Self.maximumOffset)
    }

    /// The items of this page of `all`.
    public func page<Item>(_ all: [Item]) -> ArraySlice<Item> {
        guard offset < all.count else { return [] }
        return all[offset..<(limit >= all.count - offset ? all.count : offset + limit)]
    }

    /// The cursor of the page after this one, when `total` items go on past it.
    public func next(total: Int) -> String? {
        guard limit < Int.max, offset + limit < total else { return nil }
        return Data("o=\(offset + limit)".utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }

    private static func padded(_ cursor: String) -> String {
        let standard = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return standard + String(repeating: "=", count: (4 - standard.count % 4) % 4)
    }
}
