/// The version of campus-lookup: printed by `campus --version`, sent by a campus server in
/// `Campus-Version` and by the command line in its `User-Agent`, so that each can name both
/// when they do not understand each other.
public enum CampusVersion {
    public static let current = "0.1.0"
}
