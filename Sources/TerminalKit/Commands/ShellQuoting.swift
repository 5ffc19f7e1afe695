import Foundation

/// Words spelled so a POSIX shell reads them back unchanged.
public enum ShellQuoting {
    /// `word` as it is when it holds only characters a shell leaves alone, else in single quotes
    /// (a quote inside becomes `'\''`).
    ///
    /// ```swift
    /// ShellQuoting.quoted("/opt/bin/companion")   // /opt/bin/companion
    /// ShellQuoting.quoted("My Store.sqlite")      // 'My Store.sqlite'
    /// ```
    public static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "/._-+,=:@%".unicodeScalars.contains($0)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
