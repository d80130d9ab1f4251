/// What a browser or program is called in a list of one's log-ins, from its `User-Agent`:
/// `Firefox on Android`, `Safari on iPhone`, `curl`. Only the names below are ever shown:
/// never the header's own text, which the client makes up.
enum DeviceName {
    /// The name of the device whose `User-Agent` is `userAgent`; `nil` when there is none.
    static func of(userAgent: String?) -> String? {
        guard let agent = userAgent?.prefix(512), !agent.isEmpty else { return nil }
        let program = programs.first { agent.contains($0.marker) }?.name
        let system = systems.first { agent.contains($0.marker) }?.name
        switch (program, system) {
        case (let program?, let system?): return "\(program) on \(system)"
        case (let program?, nil): return program
        case (nil, let system?): return "a browser on \(system)"
        case (nil, nil): return "another program"
        }
    }

    /// Markers in the order they must be tried: Edge and Opera say Chrome too, Chrome says Safari.
    private static let programs: [(marker: String, name: String)] = [
        ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Chromium/", "Chromium"),
        ("Safari/", "Safari"), ("curl/", "curl"), ("python-requests", "Python"), ("Wget/", "Wget"),
    ]

    /// iPhone and Android say Mac OS X and Linux too.
    private static let systems: [(marker: String, name: String)] = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"), ("Mac OS X", "Mac"),
        ("CrOS", "ChromeOS"), ("Linux", "Linux"),
    ]
}
