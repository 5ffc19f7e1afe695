import CMark

/// A node of libcmark's syntax tree, read through libcmark's accessors.
///
/// Nodes are only valid while the ``MarkdownDocument`` that owns the tree is alive; they are used
/// during one render and never stored.
struct MarkdownNode {
    /// What kind of element a node is.
    enum Kind: Equatable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock, paragraph, heading
        case thematicBreak, text, softBreak, lineBreak, code, htmlInline, customInline, emphasis
        case strong, link, image, unknown
    }

    let pointer: OpaquePointer

    var kind: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: .customBlock
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: .customInline
        case CMARK_NODE_EMPH: .emphasis
        case CMARK_NODE_STRONG: .strong
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        default: .unknown
        }
    }

    /// The children, first to last.
    var children: Children {
        Children(first: cmark_node_first_child(pointer))
    }

    /// The text of a text, code, code block or HTML node ("" for others). Not yet sanitised.
    var literal: String {
        Self.string(cmark_node_get_literal(pointer))
    }

    /// The destination of a link or image. Not yet sanitised.
    var url: String {
        Self.string(cmark_node_get_url(pointer))
    }

    /// The info string of a fenced code block. Not yet sanitised.
    var fenceInfo: String {
        Self.string(cmark_node_get_fence_info(pointer))
    }

    /// A heading's level, 1 to 6.
    var headingLevel: Int {
        Int(cmark_node_get_heading_level(pointer))
    }

    /// Whether a list is numbered.
    var isOrderedList: Bool {
        cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST
    }

    /// The number of an ordered list's first item.
    var listStart: Int {
        Int(cmark_node_get_list_start(pointer))
    }

    /// Whether an ordered list's numbers end with `)` rather than `.`.
    var usesParenthesisDelimiter: Bool {
        cmark_node_get_list_delim(pointer) == CMARK_PAREN_DELIM
    }

    /// Whether a list is tight (no blank lines between its items).
    var isTightList: Bool {
        cmark_node_get_list_tight(pointer) != 0
    }

    /// The next sibling, if any.
    var nextSibling: MarkdownNode? {
        cmark_node_next(pointer).map(MarkdownNode.init(pointer:))
    }

    /// The first character a reader sees of this inline node, if it starts with text.
    var leadingCharacter: Character? {
        switch kind {
        case .text, .code, .htmlInline: literal.first
        case .softBreak, .lineBreak: " "
        default: children.first(where: { _ in true })?.leadingCharacter
        }
    }

    /// The visible text of the node's inline content, without styling (alt text of images).
    ///
    /// Walked with a stack of its own, not recursion: inline markup can nest tens of thousands deep.
    var plainText: String {
        var result = ""
        var pending: [MarkdownNode] = [self]
        while let node = pending.popLast() {
            switch node.kind {
            case .text, .code, .htmlInline: result += node.literal
            case .softBreak, .lineBreak: result += " "
            default: pending += node.children.reversed()
            }
        }
        return result
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// Iterates over a node's children with libcmark's `next` links.
    struct Children: Sequence, IteratorProtocol {
        var upcoming: OpaquePointer?

        init(first: OpaquePointer?) {
            upcoming = first
        }

        mutating func next() -> MarkdownNode? {
            guard let current = upcoming else { return nil }
            upcoming = cmark_node_next(current)
            return MarkdownNode(pointer: current)
        }
    }
}
