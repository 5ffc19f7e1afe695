/// `companion accel`: record, replay, filter and plot accelerometer data.
enum AccelCommand: Subcommand {
    static let name = "accel"
    static let summary = "record, replay, filter and plot accelerometer data"
    static let usage = "usage: companion accel ..."

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        throw .failure("this command is being built", subject: name)
    }
}
