import Accelerometer

/// The file an action is about to write, checked against the files it reads before anything is written.
///
/// `graph sh.iiorec --svg sh.iiorec` once replaced the recording with its own plot, and `import
/// same.bin -o same.bin` the raw capture with the recording made from it. Paths are compared by file
/// identity (device and inode, links followed), so `./x`, an absolute path, a symbolic or a hard link
/// to an input are all caught, and the action stops with a usage error before touching anything.
enum AccelOutputPath {
    /// One file the action reads: its path as given and what it is, for the message (`input recording`).
    struct Input {
        var path: String
        var role: String
    }

    /// Throws a usage error when `output` (given with `option`) is one of `inputs`.
    static func check(_ output: String, option: String, against inputs: [Input]) throws(CommandLineError) {
        guard !output.isEmpty else { throw .usage("the output path is empty", subject: option) }
        guard let written = FileIdentity(path: output) else { return }
        for input in inputs where FileIdentity(path: input.path) == written {
            let spelled = input.path == output ? "" : " (\(input.path))"
            throw .usage(
                "\(option) names the \(input.role)\(spelled) itself; refusing to overwrite it (choose another file)",
                subject: output)
        }
    }
}
