import TerminalKit

/// The sample's options, read from the command line without the companion's parser (samples use
/// the libraries the way a student's program would).
///
/// `--width N` and `--color WHEN` also take the `--width=N` form; a bad value is named with what
/// was expected, and a second recording is a usage error rather than silently replacing the first.
struct SampleOptions {
    /// The widths a plot can be drawn at (its labels need 30 columns).
    static let widths = 30...1000
    /// The usage line, for messages.
    static let usage = "usage: accelerometer-graph [RECORDING] [--width N] [--color WHEN]"

    /// What `--help` prints, within 80 columns.
    static let help = """
        \(usage)

        Draws a recording's acceleration and what Apple's AccelerometerGraph filters
        make of it: the low-pass filter keeps gravity, the high-pass filter keeps
        movement, each fixed and adaptive.

          RECORDING         tilting (default), shaking, walking, or an .iiorec FILE
          --width N         the page width, \(widths.lowerBound) to \(widths.upperBound) columns (default:
                            COLUMNS, else the terminal, else 80)
          --color WHEN      always, never or auto (default; NO_COLOR and the
                            other usual variables are honoured)
        """

    /// A shipped recording's name, or a path.
    var recording = "tilting"
    /// `--width`, when given.
    var width: Int?
    /// `--color`, when given.
    var color: ColorPolicy.Flag?

    init(arguments: [String]) throws(SampleExit) {
        var rest = arguments[...]
        var named: String?
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                if let named { throw .usage("give one recording, not both '\(named)' and '\(argument)'") }
                named = argument
                continue
            }
            let (name, attached) = Self.split(argument)
            switch name {
            case "--":
                optionsEnded = true
            case "--help", "-h":
                throw .help
            case "--width":
                width = try Self.width(attached ?? rest.popFirst())
            case "--color":
                color = try Self.color(attached ?? rest.popFirst())
            default:
                throw .usage("unknown option \(argument) (options: --width N, --color WHEN)")
            }
        }
        if let named { recording = named }
    }

    /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func width(_ text: String?) throws(SampleExit) -> Int {
        let expected = "a whole number from \(widths.lowerBound) to \(widths.upperBound)"
        guard let text else { throw .usage("--width needs a value (\(expected))") }
        guard let width = Int(text), widths.contains(width) else {
            throw .usage("--width must be \(expected), not '\(text)'")
        }
        return width
    }

    private static func color(_ text: String?) throws(SampleExit) -> ColorPolicy.Flag {
        let expected = ColorPolicy.Flag.allCases.map(\.rawValue)
        let spelled = expected.dropLast().joined(separator: ", ") + " or " + (expected.last ?? "")
        guard let text else { throw .usage("--color needs a value (\(spelled))") }
        guard let flag = ColorPolicy.Flag(rawValue: text) else {
            throw .usage("--color must be \(spelled), not '\(text)'")
        }
        return flag
    }
}
