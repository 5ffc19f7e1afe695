/// The version `companion --version` prints and recordings name as their tool.
///
/// A constant in the source, not read from git, so an installed copy or a tarball outside a
/// checkout still knows it. It matches the release's git tag (`v0.9.0`).
public enum CompanionVersion {
    /// The semantic version of this release.
    public static let number = "0.9.0"

    /// `companion 0.9.0`: what `--version` prints, and the `tool:` line of a recording.
    public static var line: String { "companion \(number)" }
}
