import Foundation

/// Quoting for identifiers taken from a store's schema, which may contain anything.
public enum SQLIdentifier {
    /// `name` in double quotes with embedded quotes doubled, safe to splice into SQL.
    public static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
