/// A family of registrar systems: the code that reads its pages and plans its crawl.
/// A school's definition file names its family (`family: banner9`) and its particulars.
public enum RegistrarFamily: String, Sendable, CaseIterable, Codable {
    /// Rose-Hulman's Schedule Lookup pages (`reg-sched.pl`).
    case regSched = "reg-sched"
    /// Ellucian Banner 8 Self-Service class schedule pages (`bwckschd`, HTML).
    case banner8
    /// Ellucian Banner 9 Student Registration SSB class search (JSON).
    case banner9
}
