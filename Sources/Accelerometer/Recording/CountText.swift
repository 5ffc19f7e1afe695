/// Counts with their noun in the right number, for messages: `1 byte`, `24 bytes`, `0 scans`.
public enum CountText {
    /// `count` followed by `singular`, or by `plural` (default: `singular` + "s") unless it is exactly 1.
    public static func of(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
