/// The arguments of one subcommand, consumed as they are recognised.
///
/// Options are `--name value`, `--name=value` or bare flags; `--` ends options. Whatever is left
/// after the options are taken is positional. Anything still starting with `-` at the end is an
/// unknown option and a usage error, so a typo never passes silently.
struct ArgumentList {
    private(set) var remaining: [String]

    /// Wraps the arguments that follow a subcommand's name.
    init(_ arguments: [String]) {
        remaining = arguments
    }

    /// Removes a bare flag (for example `--reset`) and says whether it was there.
    mutating func flag(_ names: String...) -> Bool {
        var found = false
        for name in names {
            while let index = optionIndex(of: name) {
                remaining.remove(at: index)
                found = true
            }
        }
        return found
    }

    /// Removes `--name value` or `--name=value` and returns the value (the last one wins).
    mutating func option(_ names: String...) throws(CommandLineError) -> String? {
        var value: String?
        for name in names {
            while let index = optionIndex(of: name) ?? equalsIndex(of: name) {
                let argument = remaining[index]
                if argument.hasPrefix(name + "=") {
                    value = String(argument.dropFirst(name.count + 1))
                    remaining.remove(at: index)
                } else {
                    guard index + 1 < remaining.count else {
                        throw .usage("option \(name) needs a value", subject: name)
                    }
                    value = remaining[index + 1]
                    remaining.removeSubrange(index...(index + 1))
                }
            }
        }
        return value
    }

    /// Removes an option whose value must be a whole number within `range`.
    mutating func integerOption(_ name: String, in range: ClosedRange<Int>) throws(CommandLineError) -> Int? {
        guard let text = try option(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let expected =
                range.upperBound == Int.max
                ? "a whole number of at least \(range.lowerBound)"
                : "a whole number from \(range.lowerBound) to \(range.upperBound)"
            throw .usage("'\(text)' is not \(expected)", subject: name)
        }
        return number
    }

    /// Removes an option whose value must be a (finite) number.
    mutating func doubleOption(_ name: String) throws(CommandLineError) -> Double? {
        guard let text = try option(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw .usage("'\(text)' is not a number", subject: name)
        }
        return number
    }

    /// Returns the positional arguments, failing on any option nobody asked for.
    func positionals() throws(CommandLineError) -> [String] {
        var result: [String] = []
        var optionsEnded = false
        for argument in remaining {
            if optionsEnded {
                result.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("-") && argument != "-" && Double(argument) == nil {
                throw .usage("unknown option", subject: argument)
            } else {
                result.append(argument)
            }
        }
        return result
    }

    private func optionIndex(of name: String) -> Int? {
        let end = remaining.firstIndex(of: "--") ?? remaining.count
        return remaining[..<end].firstIndex(of: name)
    }

    private func equalsIndex(of name: String) -> Int? {
        let end = remaining.firstIndex(of: "--") ?? remaining.count
        return remaining[..<end].firstIndex { $0.hasPrefix(name + "=") }
    }
}
