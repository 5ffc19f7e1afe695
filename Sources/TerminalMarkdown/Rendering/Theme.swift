import TerminalKit

/// The styles of every element, in the 16 colours so the user's palette decides contrast.
enum Theme {
    static func heading(_ level: Int) -> TextStyle {
        switch level {
        case 1: TextStyle([.bold, .underline], foreground: .magenta)
        case 2: TextStyle([.bold], foreground: .cyan)
        case 3: TextStyle([.bold], foreground: .blue)
        default: TextStyle([.bold])
        }
    }

    static let emphasis = TextStyle([.italic])
    static let strong = TextStyle([.bold])
    static let codeSpan = TextStyle(foreground: .yellow)
    static let link = TextStyle([.underline], foreground: .blue)
    static let reference = TextStyle([.dim])
    static let image = TextStyle([.italic], foreground: .magenta)
    static let html = TextStyle([.dim])
    static let quoteBar = TextStyle(foreground: .brightBlack)
    static let bullet = TextStyle([.bold], foreground: .cyan)
    static let rule = TextStyle(foreground: .brightBlack)
    static let tableBorder = TextStyle(foreground: .brightBlack)
    static let tableHeader = TextStyle([.bold])
    static let overflowMarker = TextStyle([.dim])
    static let searchMatch = TextStyle([.bold, .inverse], foreground: .yellow)

    // MARK: - Code

    static func token(_ kind: CodeToken.Kind) -> TextStyle {
        switch kind {
        case .plain: .plain
        case .keyword: TextStyle(foreground: .magenta)
        case .type: TextStyle(foreground: .cyan)
        case .string: TextStyle(foreground: .green)
        case .number: TextStyle(foreground: .yellow)
        case .comment: TextStyle([.italic], foreground: .brightBlack)
        case .attribute: TextStyle(foreground: .blue)
        case .variable: TextStyle(foreground: .red)
        case .key: TextStyle(foreground: .blue)
        case .prompt: TextStyle([.bold], foreground: .brightBlack)
        }
    }
}
