import CampusCore
import Foundation
internal import GRDB

/// A row of `favorites`: one person one owner keeps in one group.
struct FavoriteRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "favorites"

    var owner: String
    var group: String
    var username: String
    var addedAt: Date

    enum CodingKeys: String, CodingKey {
        case owner, username
        case group = "group_name"
        case addedAt = "added_at"
    }

    enum Columns {
        static let owner = Column(CodingKeys.owner)
        static let group = Column(CodingKeys.group)
        static let username = Column(CodingKeys.username)
        static let addedAt = Column(CodingKeys.addedAt)
    }

    init(_ favorite: Favorite) {
        owner = favorite.owner
        group = favorite.group
        username = favorite.username
        addedAt = favorite.addedAt
    }

    var favorite: Favorite {
        Favorite(owner: owner, group: group, username: username, addedAt: addedAt)
    }
}
