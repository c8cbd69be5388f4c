//! Validity criteria for one label
//! ([UTS46 §4.1](https://www.unicode.org/reports/tr46/#Validity_Criteria)), ContextJ
//! ([RFC 5892 Appendix A](https://www.rfc-editor.org/rfc/rfc5892#appendix-A)) and the Bidi
//! rule ([RFC 5893 §2](https://www.rfc-editor.org/rfc/rfc5893#section-2)).

use crate::idna::nfc::is_nfc;
use crate::idna::{IdnaError, Uts46Options};
use crate::tables::{BidiClass, JoiningType, Mapping, Props, idna_mapping, props};

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';
const VIRAMA: u8 = 9;

/// Checks every criterion except the Bidi rule, which depends on the whole domain, for a
/// label that did not come from Punycode; without an error, what the Bidi rule found in it.
/// `statuses`: the caller already knows every code point's status to be valid (V7 and
/// UseSTD3ASCIIRules hold, no FULL STOP).
///
/// Apart from [`check_decoded_label`] so that the NFC check (and its stack) is not on the
/// call graph of the labels that never need it: the static stack bound follows calls, not
/// arguments.
pub(crate) fn check_label(
    label: &str,
    options: &Uts46Options,
    index: usize,
    statuses: bool,
) -> Result<BidiLabel, IdnaError> {
    criteria(label, options, false, index, statuses)
}

/// [`check_label`] for a label that came from Punycode: it must be in NFC (V1), and always
/// uses nontransitional statuses. Inlined: the NFC check and the criteria are then called
/// from the caller's frame, not from one more frame (they are the deepest chain).
#[inline(always)]
pub(crate) fn check_decoded_label(
    label: &str,
    options: &Uts46Options,
    index: usize,
) -> Result<BidiLabel, IdnaError> {
    if !is_nfc(label) {
        return Err(IdnaError::NotNfc { label: index });
    }
    criteria(label, options, true, index, false)
}

/// V2-V7, UseSTD3ASCIIRules and ContextJ, and (without an error) the Bidi rule's findings.
///
/// One pass over the characters of a label that is not ASCII, through [`LabelCheck`] (the
/// automaton the verdict runs on a label that streams by): each is decoded once and its
/// properties looked up once for ContextJ and the Bidi rule (and its status, when not
/// known yet); the errors are then reported in the criteria's order.
fn criteria(
    label: &str,
    options: &Uts46Options,
    decoded: bool,
    index: usize,
    statuses: bool,
) -> Result<BidiLabel, IdnaError> {
    check_hyphens(label, options.check_hyphens, index)?;
    let std3 = options.use_std3_ascii_rules;
    let ascii = label.is_ascii();
    if ascii {
        // No marks, joiners or deviations; the status check on bytes.
        label
            .bytes()
            .try_for_each(|b| status(char::from(b), false, std3).checked(index))?;
        if let Some(bidi) = ldh_bidi(label) {
            return Ok(bidi);
        }
    }
    let rules = StatusRules {
        check: !statuses && !ascii,
        transitional: options.transitional_processing && !decoded,
        std3,
    };
    let mut check = LabelCheck::default();
    label.chars().for_each(|c| check.push(c, rules));
    check.result(options.check_joiners, index)
}

/// Which statuses [`LabelCheck`] checks (V7 and UseSTD3ASCIIRules): none (`check` false:
/// the caller knows them valid), or with transitional processing or not, and with
/// UseSTD3ASCIIRules or not.
#[derive(Clone, Copy)]
pub(crate) struct StatusRules {
    pub(crate) check: bool,
    pub(crate) transitional: bool,
    pub(crate) std3: bool,
}

impl StatusRules {
    /// The URL Standard's options with beStrict = false: nontransitional, without
    /// UseSTD3ASCIIRules (also the statuses of a label decoded from Punycode).
    pub(crate) const URL: StatusRules = StatusRules {
        check: true,
        transitional: false,
        std3: false,
    };
}

/// The first status of a label that fails V5, V7 or UseSTD3ASCIIRules.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Status {
    #[default]
    Valid,
    Disallowed,
    Std3,
}

impl Status {
    fn checked(self, index: usize) -> Result<(), IdnaError> {
        match self {
            Status::Valid => Ok(()),
            Status::Disallowed => Err(IdnaError::Disallowed { label: index }),
            Status::Std3 => Err(IdnaError::Std3 { label: index }),
        }
    }
}

/// The validity criteria of one label (V5-V7, UseSTD3ASCIIRules, ContextJ) and the Bidi
/// rule's findings, as its characters stream by: one automaton for the label in memory
/// ([`criteria`]) and for the label the verdict (`idna::verdict`) sees stream by without
/// storing it, each character's properties looked up once. It also counts what the
/// verdict's other checks read: the code points, whether one is not ASCII, and how much of
/// `xn--` the label starts with. (The statuses' rules are an argument of each step, not
/// state: this state is in the frame of the verdict's stream, on the deepest stack chain.)
#[derive(Default)]
pub(crate) struct LabelCheck {
    pub(crate) code_points: usize,
    pub(crate) non_ascii: bool,
    /// How many of `xn--` the label starts with (0-4).
    pub(crate) prefix: u8,
    leading_mark: bool,
    status: Status,
    joiners: Joiners,
    bidi: Bidi,
}

impl LabelCheck {
    /// The label's next character, its status checked as `rules` say.
    pub(crate) fn push(&mut self, c: char, rules: StatusRules) {
        let at = self.code_points;
        // `get` is `None` past the prefix: compared with `Some` only, so that a non-ASCII
        // character there (also `None` as a byte) does not count.
        if usize::from(self.prefix) == at
            && b"xn--"
                .get(at)
                .is_some_and(|&p| u32::from(p) == u32::from(c))
        {
            self.prefix += 1;
        }
        self.code_points += 1;
        self.non_ascii |= !c.is_ascii();
        if rules.check && self.status == Status::Valid {
            self.status = status(c, rules.transitional, rules.std3);
        }
        let p = props(c);
        self.leading_mark |= at == 0 && p.is_mark();
        self.joiners.push_props(c, p);
        self.bidi.push_props(p);
    }

    /// Whether the label fails V6 (a leading combining mark), V7 or UseSTD3ASCIIRules (as
    /// the rules say), or ContextJ.
    pub(crate) fn fails(&self) -> bool {
        self.leading_mark || self.status != Status::Valid || !self.joiners.ok()
    }

    /// What the Bidi rule found in the label.
    pub(crate) fn bidi(&self) -> BidiLabel {
        self.bidi.label()
    }

    /// The criteria's first error, in their order (V6, then V7 and UseSTD3ASCIIRules, then
    /// ContextJ when `check_joiners`), or the Bidi rule's findings.
    fn result(&self, check_joiners: bool, index: usize) -> Result<BidiLabel, IdnaError> {
        if self.leading_mark {
            return Err(IdnaError::LeadingMark { label: index });
        }
        self.status.checked(index)?;
        if check_joiners && !self.joiners.ok() {
            return Err(IdnaError::Joiner { label: index });
        }
        Ok(self.bidi.label())
    }
}

/// Whether `label` starts with `xn--` (the ACE prefix): one test for the writer and the
/// checks, on bytes by a pattern (a slice comparison is a call to the library's `memcmp`,
/// which the build would link for these few bytes alone).
pub(crate) fn starts_with_ace_prefix(label: &[u8]) -> bool {
    matches!(label, [b'x', b'n', b'-', b'-', ..])
}

/// V2, V3 (CheckHyphens) or V4 (without it).
fn check_hyphens(label: &str, check: bool, index: usize) -> Result<(), IdnaError> {
    let bytes = label.as_bytes();
    let bad = if check {
        hyphens_third_and_fourth(label)
            || bytes.first() == Some(&b'-')
            || bytes.last() == Some(&b'-')
    } else {
        starts_with_ace_prefix(bytes)
    };
    if bad {
        Err(IdnaError::Hyphen { label: index })
    } else {
        Ok(())
    }
}

/// Whether the third and fourth code points of `label` are hyphens (positions are code
/// points, not bytes: `é--x` has its hyphens in the second and third). Found on the bytes:
/// the third code point starts at the third byte that is not a UTF-8 continuation byte, and
/// hyphens are one byte each (no character decoding: this runs in every build with IDNA).
fn hyphens_third_and_fourth(label: &str) -> bool {
    let bytes = label.as_bytes();
    let mut starts = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b & 0xC0 == 0x80 {
            continue;
        }
        if starts == 2 {
            return matches!(bytes.get(i..), Some([b'-', b'-', ..]));
        }
        starts += 1;
    }
    false
}

/// V5 (no FULL STOP), V7 (status) and UseSTD3ASCIIRules.
fn status(c: char, transitional: bool, std3: bool) -> Status {
    if c.is_ascii() {
        let ok = c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        return match c {
            _ if ok => Status::Valid,
            '.' | 'A'..='Z' => Status::Disallowed,
            _ if std3 => Status::Std3,
            _ => Status::Valid,
        };
    }
    match idna_mapping(c) {
        Mapping::Valid => Status::Valid,
        Mapping::Deviation(_) if !transitional => Status::Valid,
        _ => Status::Disallowed,
    }
}

/// ContextJ ([RFC 5892 Appendix A.1 and A.2](https://www.rfc-editor.org/rfc/rfc5892#appendix-A):
/// ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER) as an automaton over a label's characters, so that a label
/// too long to store can be checked as it streams by: ZWJ and ZWNJ pass after a virama;
/// otherwise ZWNJ needs `(Joining_Type:{L,D})(Joining_Type:T)*` before it, which the
/// joining type of the last character that is not T decides, and
/// `(Joining_Type:T)*(Joining_Type:{R,D})` after it, which the next such character
/// decides (pending until then).
#[derive(Default)]
pub(crate) struct Joiners {
    /// The previous character's canonical combining class is Virama.
    after_virama: bool,
    /// The last character that is not transparent (T) joins to the left: L or D.
    left_joining: bool,
    /// A ZWNJ waits for a character that is not T.
    pending: bool,
    bad: bool,
}

impl Joiners {
    /// The next character, `c`, with its properties `p`.
    pub(crate) fn push_props(&mut self, c: char, p: Props) {
        let joining = p.joining();
        if self.pending && joining != JoiningType::T {
            self.pending = false;
            self.bad |= !matches!(joining, JoiningType::R | JoiningType::D);
        }
        if (c == ZWNJ || c == ZWJ) && !self.after_virama {
            match c == ZWJ || !self.left_joining {
                true => self.bad = true,
                false => self.pending = true,
            }
        }
        self.after_virama = p.ccc() == VIRAMA;
        if joining != JoiningType::T {
            self.left_joining = matches!(joining, JoiningType::L | JoiningType::D);
        }
    }

    /// At the label's end: every joiner had its context.
    pub(crate) fn ok(&self) -> bool {
        !self.bad && !self.pending
    }
}

/// What the Bidi rule found in one label.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BidiLabel {
    /// Contains R, AL or AN: the domain is a Bidi domain name.
    pub(crate) rtl: bool,
    /// Satisfies the six conditions of RFC 5893 §2.
    pub(crate) ok: bool,
}

/// Evaluates RFC 5893 §2 on one label from each character's Bidi class ([`Bidi`]): the
/// reference the tests hold the library's passes to ([`criteria`] evaluates the rule in its
/// own pass over the label, and [`ldh_bidi`] without lookups).
#[cfg(test)]
pub(crate) fn bidi_label(label: &str) -> BidiLabel {
    let mut bidi = Bidi::default();
    label.chars().for_each(|c| bidi.push(c));
    bidi.label()
}

/// The Bidi rule without table lookups for a label of lowercase letters (L), digits (EN)
/// and `-` (ES), what most labels hold: it satisfies the rule when it starts with a letter
/// and does not end with `-` (an empty one does too). `None` for any other label.
fn ldh_bidi(label: &str) -> Option<BidiLabel> {
    let bytes = label.as_bytes();
    let ldh = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-';
    let ok = bytes.first().is_none_or(u8::is_ascii_lowercase) && bytes.last() != Some(&b'-');
    bytes
        .iter()
        .all(ldh)
        .then_some(BidiLabel { rtl: false, ok })
}

/// The Bidi rule over a label's characters as they stream by: the classes seen (as a bit
/// set), the first one and the last one that is not NSM decide every rule.
#[derive(Default)]
pub(crate) struct Bidi {
    seen: u16,
    first: Option<BidiClass>,
    last: Option<BidiClass>,
}

impl Bidi {
    #[cfg(test)]
    pub(crate) fn push(&mut self, c: char) {
        self.push_props(props(c));
    }

    /// The next character's properties `p`.
    pub(crate) fn push_props(&mut self, p: Props) {
        let b = p.bidi();
        self.seen |= 1 << (b as u16);
        self.first = self.first.or(Some(b));
        if b != BidiClass::NSM {
            self.last = Some(b);
        }
    }

    /// What the rule found in the label pushed so far (an empty one satisfies it).
    pub(crate) fn label(&self) -> BidiLabel {
        use BidiClass::*;
        let bit = |b: BidiClass| 1u16 << (b as u16);
        let (seen, last) = (self.seen, self.last);
        let only = |allowed: &[BidiClass]| seen & !allowed.iter().fold(0, |m, &b| m | bit(b)) == 0;
        let rtl = seen & (bit(R) | bit(AL) | bit(AN)) != 0;
        let ok = match self.first {
            None => true,
            Some(R | AL) => {
                only(&[R, AL, AN, EN, ES, CS, ET, ON, BN, NSM])
                    && matches!(last, Some(R | AL | EN | AN))
                    && seen & (bit(EN) | bit(AN)) != bit(EN) | bit(AN)
            }
            Some(L) => only(&[L, EN, ES, CS, ET, ON, BN, NSM]) && matches!(last, Some(L | EN)),
            Some(_) => false,
        };
        BidiLabel { rtl, ok }
    }
}

#[cfg(test)]
mod tests {

    /// V2 counts code points: `é--x` has its hyphens in the second and third positions,
    /// `ab--c` and `éa--c` in the third and fourth (UTS46 §4.1; tr46 agrees).
    #[test]
    fn hyphens_in_the_third_and_fourth_code_points() {
        assert_eq!(super::check_hyphens("\u{e9}--x", true, 0), Ok(()));
        assert!(super::check_hyphens("ab--c", true, 0).is_err());
        assert!(super::check_hyphens("\u{e9}a--c", true, 0).is_err());
        assert_eq!(super::check_hyphens("a-b--", false, 0), Ok(()));
    }

    /// The shortcut for labels of lowercase letters, digits and `-` gives the answer the Bidi
    /// classes give, for every such label of up to four bytes.
    #[test]
    fn ascii_bidi_shortcut_matches_classes() {
        let alphabet: std::vec::Vec<u8> = (b'a'..=b'z').chain(b'0'..=b'9').chain([b'-']).collect();
        let mut checked = 0;
        crate::testgen::each_string(&alphabet, 4, |label| {
            let text = core::str::from_utf8(label).unwrap();
            let short = super::ldh_bidi(text).expect("a label of letters, digits and `-`");
            let full = super::bidi_label(text);
            assert_eq!((short.rtl, short.ok), (full.rtl, full.ok), "{text:?}");
            checked += 1;
        });
        assert_eq!(checked, 1 + 37 + 37 * 37 + 37 * 37 * 37 + 37 * 37 * 37 * 37);
    }
}
