import Foundation
import HTTPTypes
import Hummingbird

/// Banner 8 Self-Service below `/udcprod8/`, answered from a folder the demo generator wrote
/// (`bwckschd.p_disp_dyn_sched.html`, `{term}/bwckgens.p_proc_term_date.html`,
/// `{term}/sections-{SUBJECT}.html`, `{term}/detail-{CRN}.html`), with Banner's rules: the
/// term list sets the `SESSID` cookie the two form posts need; the class search is a POST with
/// every `sel_*` field present, `dummy` first; a post without the session gets Banner's
/// log-in page, one with fields missing its error page.
struct Banner8Routes: Sendable {
    static let prefix = "/udcprod8/"
    /// The fields `bwckschd.p_get_crse_unsec` needs, each sent first as `dummy`.
    static let searchFields = ["sel_subj", "sel_day", "sel_schd", "sel_insm", "sel_camp", "sel_levl", "sel_sess", "sel_instr",
                               "sel_ptrm", "sel_attr"]

    let pages: URL
    let state: EmulatorState
    let sessions = BannerSessions(cookieName: "SESSID")

    /// Whether `folder` holds Banner 8 pages.
    static func holdsPages(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("bwckschd.p_disp_dyn_sched.html").path)
    }

    func add(to router: Router<BasicRequestContext>) {
        router.get(.init(stringLiteral: Self.prefix + "bwckschd.p_disp_dyn_sched")) { _, _ in
            let (id, _) = sessions.open()
            var response = try html(file: "bwckschd.p_disp_dyn_sched.html")
            response.headers[.setCookie] = "SESSID=\(id); path=/; HttpOnly"
            return response
        }
        router.post(.init(stringLiteral: Self.prefix + "bwckgens.p_proc_term_date")) { request, _ in
            let form = try await fields(of: request)
            guard session(of: request) != nil else { return html(Self.loginPage) }
            guard let term = form["p_term"]?.first, Self.isCode(term), form["p_calling_proc"]?.first == "bwckschd.p_disp_dyn_sched",
                  let response = try? html(file: "\(term)/bwckgens.p_proc_term_date.html") else {
                return html(Self.errorPage("Term not available for the selected procedure."))
            }
            return response
        }
        router.post(.init(stringLiteral: Self.prefix + "bwckschd.p_get_crse_unsec")) { request, _ in
            let form = try await fields(of: request)
            guard session(of: request) != nil else { return html(Self.loginPage) }
            let missing = Self.searchFields.filter { form[$0]?.first != "dummy" }
            guard missing.isEmpty, let term = form["term_in"]?.first, Self.isCode(term) else {
                return html(Self.errorPage("Missing parameters: \(missing.joined(separator: ", "))"))
            }
            let subjects = (form["sel_subj"] ?? []).dropFirst()
            guard subjects.count == 1, let subject = subjects.first, subject.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                return html(Self.errorPage("Select exactly one subject."))
            }
            guard var page = try? String(contentsOf: pages.appendingPathComponent("\(term)/sections-\(subject).html"), encoding: .utf8) else {
                return html(Self.noClassesPage)
            }
            if state.currentBehaviour.changedLayout { page = page.replacingOccurrences(of: "Sections Found", with: "Classes Found") }
            return html(page)
        }
        router.get(.init(stringLiteral: Self.prefix + "bwckschd.p_disp_detail_sched")) { request, _ in
            let query = request.uri.queryParameters
            let term = query["term_in"].map(String.init) ?? "", crn = query["crn_in"].map(String.init) ?? ""
            guard Self.isCode(term), Self.isCode(crn), let response = try? html(file: "\(term)/detail-\(crn).html") else {
                return html(Self.errorPage("No detailed class information found"))
            }
            return response
        }
    }

    private func session(of request: Request) -> String? {
        sessions.use(cookie: request.headers[.cookie], token: nil, checkingToken: false, limit: state.currentBehaviour.sessionRequests)?.id
    }

    private func fields(of request: Request) async throws -> [String: [String]] {
        FormFields.all(String(buffer: try await request.body.collect(upTo: 64 * 1024)))
    }

    private func html(file name: String) throws -> Response {
        html(try String(contentsOf: pages.appendingPathComponent(name), encoding: .utf8))
    }

    private func html(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=UTF-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func isCode(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// What Banner 8 answers a form post without its session: the log-in page.
    static let loginPage = """
        <HTML><HEAD><TITLE>User Login</TITLE></HEAD><BODY><H2>User Login</H2>
        <FORM ACTION="/udcprod8/twbkwbis.P_ValLogin" METHOD="post"><INPUT TYPE="text" NAME="sid"></FORM></BODY></HTML>
        """

    static let noClassesPage = """
        <HTML><HEAD><TITLE>Class Schedule Listing</TITLE></HEAD><BODY>
        <SPAN class="warningtext">No classes were found that meet your search criteria</SPAN></BODY></HTML>
        """

    static func errorPage(_ message: String) -> String {
        "<HTML><HEAD><TITLE>Error</TITLE></HEAD><BODY><SPAN class=\"errortext\">\(message)</SPAN></BODY></HTML>"
    }
}
