import Testing

@Test func TerminalMarkdownTestTargetBuilds() {
    #expect(Bool(true))
}
