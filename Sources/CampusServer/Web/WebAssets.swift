import CampusCore
import Foundation
import HTTPTypes
import Hummingbird

/// The web app's style sheet and script, built into the binary: served with a strong `ETag`
/// from their bytes, cached for a year under their versioned address (`/assets/app.css?v=...`)
/// and for five minutes under any other.
struct WebAssets: Sendable {
    struct Asset: Sendable {
        let bytes: [UInt8]
        let type: String
        /// The first 16 hex digits of the bytes' FNV-1a hash: their version and tag.
        let version: String

        init(_ bytes: [UInt8], type: String) {
            self.bytes = bytes
            self.type = type
            version = FNV.hex(bytes: bytes)
        }
    }

    static let all: [String: Asset] = [
        "app.css": Asset(PackageResources.app_css, type: "text/css; charset=utf-8"),
        "app.js": Asset(PackageResources.app_js, type: "text/javascript; charset=utf-8"),
    ]

    /// The versioned address of an asset, for pages to link.
    static func url(_ name: String) -> String {
        "/assets/\(name)?v=\(all[name]?.version ?? "0")"
    }

    /// `GET /assets/{name}`.
    static func respond(_ request: Request, _ context: CampusRequestContext, name: String, answerer: Answerer) throws -> Response {
        guard let asset = all[name] else { throw HTTPError(.notFound) }
        let tag = "\"\(asset.version)\""
        let versioned = QueryParameters(request: request).values["v"] == asset.version
        var headers: HTTPFields = [
            .eTag: tag, .vary: "Accept-Encoding",
            .cacheControl: versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
        ]
        if let given = request.headers[.ifNoneMatch], Answerer.matches(given, tag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentSecurityPolicy] = "default-src 'none'"
        return try answerer.respond(.bytes(asset.bytes, type: asset.type), status: .ok, headers: headers, to: request, context)
    }
}
