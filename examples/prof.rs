//! profiling driver (not committed)
fn main() {
    let text = std::fs::read_to_string("/tmp/para.txt").unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut arena = vec![0u8; 8192];
    let mut n = 0usize;
    for _ in 0..5 {
        for l in &lines {
            if let Ok(u) = microurl::Url::parse(std::hint::black_box(l), &mut arena) {
                n += u.as_str().len();
            }
        }
    }
    println!("{n} {}", lines.len());
}
