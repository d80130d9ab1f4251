/// Text written so a POSIX shell reads it back as one word, for commands the
/// tool tells people to run (`chmod 600 '/home/a b/index.sqlite'`).
public enum ShellWord {
    /// `text` as is when it holds only characters no shell treats specially,
    /// else in single quotes (a quote inside written `'\''`).
    public static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+=:,@%".unicodeScalars.contains(scalar))
        }
        return plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
