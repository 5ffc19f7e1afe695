import Foundation

/// Writes one line to standard error, unbuffered, so messages interleave correctly with stdout.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
