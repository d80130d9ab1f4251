import Foundation
import FuzzSupport
import SignIn

/// The test IdP of `Fuzz/Seeds/saml-idp.xml`, whose key signed the seeds in `Fuzz/Seeds/saml`.
private let provider: SAMLIdentityProvider = {
    let url = FuzzFiles.packageRoot.appendingPathComponent("Fuzz/Seeds/saml-idp.xml")
    do {
        return try SAMLIdentityProvider.read(metadata: Array(try Data(contentsOf: url)), signer: nil)
    } catch {
        fatalError("cannot read the fuzzing IdP's metadata \(url.path): \(error)")
    }
}()

/// The service provider the seeds were written for, at a moment they are all in time.
private let settings = SAMLSettings(
    metadata: .file(""), entityID: "https://campus.fuzz.example.edu/saml/metadata",
    assertionConsumer: URL(string: "https://campus.fuzz.example.edu/saml/acs")!)
private let now = Date(timeIntervalSince1970: 1_796_644_860)

/// One input as a `SAMLResponse` posted to `/saml/acs` (its XML): parsed by libxml2, its IDs
/// registered, its signatures checked by xmlsec1, the signed part read again, and every check of
/// the assertion made, with the username from `uid` and from a scoped eduPersonPrincipalName.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSAMLResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for attribute in ["uid", "eduPersonPrincipalName"] {
        var settings = settings
        settings.usernameAttribute = attribute
        _ = try? SAMLServiceProvider.check(bytes, from: provider, settings: settings, requestID: "_request1", demandedMFA: true, now: now)
    }
    return 0
}
