// EXPECT: not UTF-8 text
module attributes {x = "ÿþ"} {}
