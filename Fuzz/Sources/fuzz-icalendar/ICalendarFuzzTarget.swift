import CampusCore

/// The campus zone of the shipped definition (`scrapers/rose-hulman.yaml`).
private let reader = ICalendarReader(
    zone: CampusTimeZone(name: "America/Indiana/Indianapolis", standardOffset: -300, daylightOffset: -240))

/// One input as an `.ics` busy file, as `campus overlay --busy` reads it (UTF-8 only): its events or an
/// ``ICalendarError``, and each event's busy times every week and in the week it starts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendarReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self),
          let events = try? reader.events(in: text) else { return 0 }
    for event in events {
        _ = event.busy(week: nil)
        _ = event.busy(week: event.date)
    }
    return 0
}
