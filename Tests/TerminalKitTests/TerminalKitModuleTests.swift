import Testing

@Test func TerminalKitTestTargetBuilds() {
    #expect(Bool(true))
}
