/// The options of `companion model migrate`, taken from the arguments before the positionals.
struct MigrationRequest {
    /// `--to MODEL`: the model to migrate to.
    var target: String?
    /// `--from MODEL`: the store's model, instead of its `Z_MODELCACHE`.
    var source: String?
    /// `-o OUT`: the new file to write.
    var output: String?
    /// `--in-place`: migrate the store itself, after a backup.
    var inPlace: Bool
    /// `--dry-run`: print the plan, write nothing.
    var dryRun: Bool
    /// `--allow-data-loss`: migrate even to a model sharing no entity with the store's.
    var allowsDataLoss: Bool
    /// The migrate-only options that were given, for refusing them on other actions.
    var given: [String]

    /// Takes `--to`, `--from`, `--in-place`, `--dry-run` and `--allow-data-loss` from `list`.
    init(taking list: inout ArgumentList, output: String?) throws(CommandLineError) {
        target = try list.option("--to")
        source = try list.option("--from")
        self.output = output
        inPlace = list.flag("--in-place")
        dryRun = list.flag("--dry-run")
        allowsDataLoss = list.flag("--allow-data-loss")
        let named: [(String, Bool)] = [
            ("--to", target != nil), ("--from", source != nil), ("--in-place", inPlace), ("--dry-run", dryRun),
            ("--allow-data-loss", allowsDataLoss),
        ]
        given = named.filter(\.1).map(\.0)
    }
}
