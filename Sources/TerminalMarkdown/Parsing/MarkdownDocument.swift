import CMark

/// A Markdown text parsed by libcmark, owning the syntax tree until it is released.
///
/// Parsed with `CMARK_OPT_VALIDATE_UTF8`, so invalid UTF-8 becomes U+FFFD before anything else
/// sees it. `CMARK_OPT_UNSAFE` is deliberately not used: it only changes libcmark's own HTML
/// renderer (which we never call), and our renderer shows raw HTML as visible, sanitised text
/// and opens links only for http, https, mailto and relative paths (see ``LinkPolicy``).
final class MarkdownDocument {
    let root: MarkdownNode

    /// Parses `source` as CommonMark 0.30.
    init(parsing source: String) {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        var text = source
        let pointer = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                cmark_parse_document(characters.baseAddress, characters.count, options)
            }
        }
        // libcmark only returns nil when it cannot allocate memory; an empty document is the
        // honest answer then, never a crash.
        root = MarkdownNode(pointer: pointer ?? cmark_node_new(CMARK_NODE_DOCUMENT))
    }

    deinit {
        cmark_node_free(root.pointer)
    }
}
