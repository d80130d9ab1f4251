import Foundation

/// `POST /v1/device/authorize`, as RFC 8628 §3.2 names its fields:
/// `{"device_code": "…", "user_code": "BCDF-GHJK", "verification_uri": "https://…/device", …}`.
public struct DeviceAuthorizationShape: Encodable, Sendable {
    public var deviceCode: String
    public var userCode: String
    public var verificationURI: String
    public var verificationURIComplete: String
    public var expiresIn: Int
    public var interval: Int

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code", userCode = "user_code", verificationURI = "verification_uri"
        case verificationURIComplete = "verification_uri_complete", expiresIn = "expires_in", interval
    }

    /// The authorization, its page under `site` (`https://campus.example.edu`).
    public init(_ authorization: DeviceAuthorization, site: String) {
        deviceCode = authorization.deviceCode
        userCode = authorization.userCode
        verificationURI = site + DeviceAuthorization.path
        verificationURIComplete = verificationURI + "?code=" + authorization.userCode
        expiresIn = authorization.expiresIn
        interval = authorization.interval
    }
}

/// `POST /v1/device/token`, as RFC 6749 §5.1 and RFC 8628 §3.5 name its fields: the session
/// (`{"access_token": "…", "token_type": "Bearer", "expires_in": 2592000, "user": {…}}`), or
/// why there is none yet (`{"error": "authorization_pending", "error_description": "…"}`).
public struct DeviceTokenShape: Encodable, Sendable {
    public var accessToken: String?
    public var tokenType: String?
    public var expiresIn: Int?
    public var user: UserShape?
    public var error: String?
    public var errorDescription: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in", user
        case error, errorDescription = "error_description"
    }

    /// The answer to one ask; `now` to count the session's seconds from.
    public init(_ poll: DeviceLoginPoll, now: Date) {
        switch poll {
        case .approved(let answer):
            accessToken = answer.token
            tokenType = "Bearer"
            expiresIn = max(0, Int(answer.expiresAt.timeIntervalSince(now)))
            user = UserShape(caller: answer.caller, person: answer.person)
        case .pending, .slowDown, .denied, .expired:
            error = poll.error
            errorDescription = switch poll {
            case .pending: "waiting for you to approve this log-in on the web"
            case .slowDown: "asked too often: wait five seconds more between asks"
            case .denied: "the log-in was denied"
            default: "the code has expired or was used already: run campus login again"
            }
        }
    }

    /// The session's fields, or the error's: never both.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(accessToken, forKey: .accessToken)
        try container.encodeIfPresent(tokenType, forKey: .tokenType)
        try container.encodeIfPresent(expiresIn, forKey: .expiresIn)
        try container.encodeIfPresent(user, forKey: .user)
        try container.encodeIfPresent(error, forKey: .error)
        try container.encodeIfPresent(errorDescription, forKey: .errorDescription)
    }
}
