import Foundation
import Testing

@testable import SignIn

/// The CAS server's ticket check as the client reads it (CAS Protocol 3.0 §2.5).
@Suite("CAS: the ticket check's answer")
struct CASServiceResponseTests {
    @Test("a success names its user and attributes; a failure its code and words; anything else is no answer")
    func reads() throws {
        let success = """
            <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
              <cas:authenticationSuccess>
                <cas:user>brennam</cas:user>
                <cas:attributes><cas:mail>brennam@rose-hulman.edu</cas:mail><cas:memberOf>a</cas:memberOf><cas:memberOf>b</cas:memberOf></cas:attributes>
              </cas:authenticationSuccess>
            </cas:serviceResponse>
            """
        let read = try #require(CASServiceResponse.read(Data(success.utf8)))
        #expect(read.user == "brennam" && read.userCount == 1 && read.failure == nil)
        #expect(read.attributes == ["mail": ["brennam@rose-hulman.edu"], "memberOf": ["a", "b"]])
        let failure = """
            <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
              <cas:authenticationFailure code="INVALID_TICKET">Ticket ST-1 not recognized</cas:authenticationFailure>
            </cas:serviceResponse>
            """
        let refused = try #require(CASServiceResponse.read(Data(failure.utf8)))
        #expect(refused.user == nil && refused.failure?.code == "INVALID_TICKET" && refused.failure?.words == "Ticket ST-1 not recognized")
        let twice = success.replacingOccurrences(of: "<cas:user>brennam</cas:user>", with: "<cas:user>brennam</cas:user><cas:user>marchk</cas:user>")
        let two = try #require(CASServiceResponse.read(Data(twice.utf8)))
        #expect(two.user == nil && two.userCount == 2, "two users is no one user")
        #expect(CASServiceResponse.read(Data("<html>CAS is down</html>".utf8)) == nil)
        #expect(CASServiceResponse.read(Data("not xml".utf8)) == nil)
        let otherNamespace = success.replacingOccurrences(of: "http://www.yale.edu/tp/cas", with: "urn:evil")
        #expect(CASServiceResponse.read(Data(otherNamespace.utf8)) == nil, "a user outside the CAS namespace is nobody")
    }

    @Test("an external entity is never fetched nor expanded into the user")
    func externalEntities() {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/hostname">]>
            <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
              <cas:authenticationSuccess><cas:user>&x;</cas:user></cas:authenticationSuccess>
            </cas:serviceResponse>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cas-xxe-\(UUID().uuidString)")
        try? Data("SECRET-FILE-TEXT".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let read = CASServiceResponse.read(Data(xxe.replacingOccurrences(of: "file:///etc/hostname", with: file.absoluteString).utf8))
        #expect(read?.user?.contains("SECRET") != true && read?.attributes.isEmpty ?? true, "\(String(describing: read))")
        #expect(read?.user?.isEmpty ?? true, "an answer whose user is an entity names nobody (the client refuses an empty user)")
    }
}
