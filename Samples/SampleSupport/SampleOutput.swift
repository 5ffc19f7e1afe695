import CStandardOutput
import Foundation
import ObjectGraph

/// How a lecture sample writes: narration on standard output, SQL trace lines on standard error,
/// in the order they happened, and a clean end when the reader of a pipe goes away.
public enum SampleOutput {
    /// Call first thing in a sample.
    ///
    /// - A closed pipe (`books | head -1`) no longer kills the program with `SIGPIPE` before its
    ///   temporary folder is removed: writes fail instead (`EPIPE`), the program ends through its
    ///   normal exits, where the folder goes, and the end-of-output check exits quietly.
    /// - Each trace line first flushes standard output, so `sample -com.apple.CoreData.SQLDebug 1
    ///   2>&1 | cat` keeps narration and SQL interleaved as they happened (standard output is
    ///   block-buffered into a pipe; standard error is not buffered).
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        SQLDebugLog.shared.sink = { line in
            _ = companion_finish_standard_output()
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
