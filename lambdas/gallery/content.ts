// The starter forms' text (issue #27 item 5), written for this project: plain clauses a landlord,
// seller or agent can start from and adapt, not a copy of anyone's form. One structure per form, each
// text in English, Japanese and Korean side by side. A field's name is `{role}.{key}`; its label (the
// PDF's tooltip, /TU) is the text printed beside it, which the gallery gives the template's field.
import type { GalleryForm, GalleryLanguage, RoleKey } from './catalog';

export type Text = Readonly<Record<GalleryLanguage, string>>;

const T = (en: string, jp: string, ko: string): Text => ({ en, jp, ko });

export type Block =
  | { kind: 'heading'; text: Text }
  | { kind: 'para'; text: Text }
  | {
      kind: 'text';
      role: RoleKey;
      key: string;
      label: Text;
      required?: boolean;
      multiline?: boolean;
      maxLength?: number;
    }
  | { kind: 'check'; role: RoleKey; key: string; label: Text }
  | { kind: 'choice'; role: RoleKey; key: string; label: Text; options: readonly Text[] }
  /** The role's signature and the date it signs. */
  | { kind: 'sign'; role: RoleKey };

export const SIGNATURE = T('Signature', '署名', '서명');
export const SIGN_DATE = T('Date', '日付', '날짜');
export const FOOTER = T(
  'SignSeal starter form. Not legal advice: check it against the law where the property lies.',
  'SignSeal のひな形です。法的助言ではありません。物件所在地の法令に照らして確認してください。',
  'SignSeal 기본 양식입니다. 법률 자문이 아니므로 부동산 소재지의 법령에 맞는지 확인하십시오.',
);

const h = (en: string, jp: string, ko: string): Block => ({ kind: 'heading', text: T(en, jp, ko) });
const p = (en: string, jp: string, ko: string): Block => ({ kind: 'para', text: T(en, jp, ko) });
const text = (
  role: RoleKey,
  key: string,
  label: Text,
  options: { required?: boolean; multiline?: boolean; maxLength?: number } = {},
): Block => ({ kind: 'text', role, key, label, ...options });
const check = (role: RoleKey, key: string, label: Text): Block => ({ kind: 'check', role, key, label });

const LEASE: readonly Block[] = [
  p(
    'This agreement is made between the Landlord and the Tenant named below for the lease of the home described in section 2.',
    '貸主及び借主は、第2条に記載する住宅の賃貸借について、次のとおり契約を締結する。',
    '임대인과 임차인은 제2조에 적은 주택의 임대차에 관하여 다음과 같이 계약을 체결한다.',
  ),
  h('1. Parties', '第1条（当事者）', '제1조(당사자)'),
  text('landlord', 'name', T("Landlord's full name", '貸主 氏名（名称）', '임대인 성명(명칭)'), {
    required: true,
  }),
  text('landlord', 'address', T("Landlord's address", '貸主 住所', '임대인 주소')),
  text('tenant', 'name', T("Tenant's full name", '借主 氏名', '임차인 성명'), { required: true }),
  text('tenant', 'phone', T("Tenant's phone number", '借主 電話番号', '임차인 전화번호')),
  text('tenant', 'occupants', T('Other occupants (names)', '同居人（氏名）', '동거인(성명)')),
  h('2. Property', '第2条（物件）', '제2조(목적물)'),
  text('landlord', 'property_address', T('Address of the property', '物件所在地', '주택 소재지'), {
    required: true,
  }),
  {
    kind: 'choice',
    role: 'landlord',
    key: 'property_type',
    label: T('Type of home', '物件の種類', '주택 유형'),
    options: [
      T('Apartment', '共同住宅（マンション・アパート）', '아파트·연립주택'),
      T('House', '一戸建て', '단독주택'),
      T('Room in a shared home', '住宅の一部（部屋）', '주택의 일부(방)'),
    ],
  },
  check(
    'landlord',
    'furnished',
    T(
      'The home is let furnished (an inventory is attached)',
      '家具付きで賃貸する（備品一覧を添付する）',
      '가구를 갖춘 상태로 임대한다(비품 목록을 첨부한다)',
    ),
  ),
  h('3. Term', '第3条（契約期間）', '제3조(임대차 기간)'),
  text('landlord', 'start_date', T('Start date', '契約開始日', '임대차 시작일')),
  {
    kind: 'choice',
    role: 'landlord',
    key: 'term',
    label: T('Term', '契約期間', '임대차 기간'),
    options: [T('6 months', '6か月', '6개월'), T('1 year', '1年', '1년'), T('2 years', '2年', '2년')],
  },
  p(
    'The lease ends on the last day of the term. Either party may end it at the end of the term by written notice given at least one month before; a renewal needs a new written agreement. Where the law where the home lies gives the Tenant a longer term or limits the Landlord’s refusal to renew, the law prevails.',
    '本契約は、契約期間の満了日に終了する。各当事者は、期間満了の1か月前までに書面で通知することにより、期間満了をもって本契約を終了させることができる。更新するときは、書面により新たに合意する。ただし、貸主からの更新拒絶及び解約の申入れは、借地借家法その他の法令の定めに従う。',
    '이 계약은 임대차 기간 만료일에 끝난다. 각 당사자는 기간 만료 1개월 전까지 서면으로 통지하여 기간 만료로 계약을 끝낼 수 있으며, 갱신하려면 서면으로 새로 합의한다. 다만, 임대차 기간과 임대인의 갱신 거절은 주택임대차보호법 등 관계 법령에 따른다.',
  ),
  h('4. Rent and deposit', '第4条（賃料及び敷金）', '제4조(차임과 보증금)'),
  text('landlord', 'rent', T('Monthly rent', '月額賃料', '월 차임'), { required: true }),
  text(
    'landlord',
    'due_day',
    T('Rent due on (day of each month)', '賃料支払日（毎月）', '차임 지급일(매월)'),
  ),
  text('landlord', 'deposit', T('Security deposit', '敷金', '보증금')),
  p(
    'The Tenant pays the rent in advance into the account the Landlord names in writing. The Landlord holds the deposit and returns it within 30 days after the Tenant moves out, less unpaid rent and the cost of repairing damage beyond normal wear and tear, with a written list of any deductions.',
    '借主は、毎月の賃料を前払いで、貸主が書面で指定する口座に支払う。貸主は敷金を預かり、借主の明渡し後30日以内に、未払賃料及び通常の使用による損耗を超える損傷の修繕費用を差し引いた残額を、控除の明細を書面で示して返還する。',
    '임차인은 매월 차임을 선불로 임대인이 서면으로 지정한 계좌에 지급한다. 임대인은 보증금을 보관하고, 임차인이 퇴거한 후 30일 이내에 미지급 차임과 통상적인 사용에 따른 손모를 넘는 손상의 수리비를 공제한 나머지를 공제 내역서와 함께 반환한다.',
  ),
  h('5. Use and care of the home', '第5条（使用及び管理）', '제5조(사용과 관리)'),
  p(
    "The Tenant uses the property as a home only, keeps it clean and in good order, and tells the Landlord promptly of any damage or defect. The Tenant does not sublet, assign this lease or make alterations without the Landlord's written consent. The Landlord keeps the structure, roof, plumbing, heating and electrical installations in good repair, and may enter to inspect or repair at a reasonable time after at least 24 hours' notice, except in an emergency.",
    '借主は、本物件を住居としてのみ使用し、善良な管理者の注意をもって清潔かつ良好な状態に保ち、損傷又は不具合を見つけたときは速やかに貸主に知らせる。借主は、貸主の書面による承諾なく、転貸、賃借権の譲渡又は増改築をしてはならない。貸主は、建物の構造部分、屋根、給排水、冷暖房及び電気設備を修繕し、緊急の場合を除き、24時間前までに通知した上で、相当な時間に点検又は修繕のため立ち入ることができる。',
    '임차인은 주택을 주거용으로만 사용하고 깨끗하고 양호한 상태로 관리하며, 손상이나 결함을 발견하면 즉시 임대인에게 알린다. 임차인은 임대인의 서면 동의 없이 전대, 임차권 양도 또는 구조 변경을 하지 못한다. 임대인은 건물의 구조, 지붕, 배관, 난방 및 전기 설비를 수선하며, 긴급한 경우를 제외하고 24시간 전에 통지한 후 적절한 시간에 점검이나 수리를 위해 출입할 수 있다.',
  ),
  check('landlord', 'pets', T('Pets are allowed', 'ペットの飼育を認める', '반려동물 사육을 허용한다')),
  h('6. Utilities', '第6条（光熱費等）', '제6조(공과금)'),
  p(
    'Unless agreed otherwise below, the Tenant pays for the electricity, gas, water and internet used during the lease.',
    '別段の合意がない限り、借主は、契約期間中に使用した電気、ガス、水道及びインターネットの料金を負担する。',
    '달리 정하지 않는 한 임차인은 임대차 기간 동안 사용한 전기, 가스, 수도 및 인터넷 요금을 부담한다.',
  ),
  text(
    'landlord',
    'utilities_included',
    T('Included in the rent', '賃料に含まれるもの', '차임에 포함되는 항목'),
  ),
  h('7. End of the lease', '第7条（明渡し及び解除）', '제7조(반환과 해지)'),
  p(
    'At the end of the lease the Tenant returns all keys and leaves the home in the condition it was received, apart from normal wear and tear. If a party seriously breaks this agreement and does not remedy it within 14 days of written notice, the other party may end the lease by written notice, as the law allows.',
    '契約が終了したときは、借主はすべての鍵を返還し、通常の使用による損耗を除き、本物件を引渡しを受けた時の状態に戻して明け渡す。当事者の一方が本契約に重大な違反をし、書面による催告から14日以内に是正しないときは、相手方は、法令の定めに従い、書面で通知して本契約を解除することができる。',
    '계약이 끝나면 임차인은 모든 열쇠를 반환하고, 통상적인 사용에 따른 손모를 제외하고 인도받은 때의 상태로 주택을 돌려준다. 당사자 일방이 이 계약을 중대하게 위반하고 서면 통지를 받은 날부터 14일 이내에 바로잡지 않으면, 상대방은 관계 법령에 따라 서면으로 통지하여 계약을 해지할 수 있다.',
  ),
  h('8. Special terms', '第8条（特約）', '제8조(특약사항)'),
  text('landlord', 'special_terms', T('Special terms', '特約事項', '특약사항'), {
    multiline: true,
    maxLength: 2000,
  }),
  h('9. Signatures', '第9条（署名）', '제9조(서명)'),
  p(
    'By signing, each party agrees to this lease. Each party keeps a copy of the signed agreement.',
    '本契約の成立を証するため、各当事者は署名し、署名済みの契約書の写しを各自保有する。',
    '이 계약을 증명하기 위하여 각 당사자는 서명하고, 서명한 계약서 사본을 각자 보관한다.',
  ),
  { kind: 'sign', role: 'landlord' },
  { kind: 'sign', role: 'tenant' },
];

const PURCHASE: readonly Block[] = [
  p(
    'The Seller agrees to sell and the Buyer agrees to buy the property described below, on the following terms.',
    '売主は、次に記載する不動産を買主に売り渡し、買主はこれを買い受けることを、次の条件で合意する。',
    '매도인은 아래 부동산을 매수인에게 팔고 매수인은 이를 사기로 다음과 같이 합의한다.',
  ),
  h('1. Parties', '第1条（当事者）', '제1조(당사자)'),
  text('seller', 'name', T("Seller's full name", '売主 氏名（名称）', '매도인 성명(명칭)'), {
    required: true,
  }),
  text('seller', 'address', T("Seller's address", '売主 住所', '매도인 주소')),
  text('buyer', 'name', T("Buyer's full name", '買主 氏名（名称）', '매수인 성명(명칭)'), { required: true }),
  text('buyer', 'address', T("Buyer's address", '買主 住所', '매수인 주소')),
  h('2. Property', '第2条（売買物件）', '제2조(매매 목적물)'),
  text('seller', 'property_address', T('Address of the property', '所在地', '소재지'), { required: true }),
  text('seller', 'parcel', T('Land registry or parcel number', '地番・家屋番号', '지번·건물 번호')),
  {
    kind: 'choice',
    role: 'seller',
    key: 'property_type',
    label: T('Type of property', '物件の種類', '부동산 종류'),
    options: [
      T('Land', '土地', '토지'),
      T('House and land', '土地付き建物', '토지 및 단독주택'),
      T('Condominium unit', '区分所有建物（マンション）', '집합건물(아파트 등)'),
    ],
  },
  text(
    'seller',
    'included',
    T(
      'Fixtures and items included in the sale',
      '売買に含まれる付帯設備等',
      '매매에 포함되는 부속 설비와 물품',
    ),
    { multiline: true, maxLength: 1000 },
  ),
  h('3. Price and payment', '第3条（売買代金及び支払）', '제3조(매매대금과 지급)'),
  text('seller', 'price', T('Purchase price', '売買代金', '매매대금'), { required: true }),
  text(
    'seller',
    'deposit',
    T('Deposit paid on signing', '手付金（契約締結時に支払う）', '계약금(계약 시 지급)'),
  ),
  text('seller', 'balance_date', T('Balance due on (date)', '残代金支払日', '잔금 지급일')),
  check(
    'buyer',
    'financing',
    T(
      'This purchase depends on the Buyer obtaining a mortgage loan (section 5)',
      '本売買は、買主が住宅ローンの承認を得ることを条件とする（第5条）',
      '이 매매는 매수인의 주택담보대출 승인을 조건으로 한다(제5조)',
    ),
  ),
  p(
    'The Buyer pays the deposit when this agreement is signed and the balance of the price at closing, when the Seller hands over the property and the documents needed to register the transfer of title. The deposit counts towards the price.',
    '買主は、本契約締結時に手付金を、決済日に残代金を支払う。売主は、残代金の受領と同時に本物件を引き渡し、所有権移転登記に必要な書類を交付する。手付金は、残代金の支払時に売買代金の一部に充当する。',
    '매수인은 이 계약을 체결할 때 계약금을 지급하고 잔금은 잔금 지급일에 지급한다. 매도인은 잔금을 받는 것과 동시에 부동산을 인도하고 소유권 이전 등기에 필요한 서류를 교부한다. 계약금은 매매대금의 일부로 충당한다.',
  ),
  h('4. Title and closing', '第4条（所有権移転及び引渡し）', '제4조(소유권 이전과 인도)'),
  text('seller', 'closing_date', T('Closing date', '決済・引渡日', '인도일')),
  p(
    'The Seller transfers title free of mortgages, liens and other rights of third parties, except those the Buyer accepts in writing. Ownership and the risk of loss pass to the Buyer at closing. Property taxes and similar charges are divided between the parties as of the closing date. The Buyer pays the registration costs unless agreed otherwise.',
    '売主は、買主が書面で承諾したものを除き、抵当権、差押えその他買主の完全な所有権の行使を妨げる一切の権利を決済日までに抹消する。所有権及び危険負担は、決済日に買主に移転する。固定資産税等の公租公課は、決済日をもって日割りで清算する。所有権移転登記の費用は、別段の合意がない限り買主が負担する。',
    '매도인은 매수인이 서면으로 승낙한 것을 제외하고 저당권, 압류 그 밖에 소유권 행사를 제한하는 모든 권리를 인도일까지 말소한다. 소유권과 위험 부담은 인도일에 매수인에게 넘어간다. 재산세 등 제세공과금은 인도일을 기준으로 나누어 부담한다. 소유권 이전 등기 비용은 달리 정하지 않는 한 매수인이 부담한다.',
  ),
  h('5. Financing', '第5条（融資特約）', '제5조(대출 조건)'),
  text('buyer', 'loan_amount', T('Loan amount applied for', '融資申込金額', '대출 신청 금액')),
  text('buyer', 'loan_deadline', T('Loan approval deadline', '融資承認期限', '대출 승인 기한')),
  p(
    'If the financing box in section 3 is ticked and the Buyer, having applied in good faith, is refused the loan by the deadline, either party may cancel this agreement by written notice, and the Seller returns the deposit in full without interest.',
    '第3条の融資条件に印が付され、買主が誠実に申し込んだにもかかわらず期限までに融資の承認が得られないときは、各当事者は書面で通知して本契約を解除することができる。この場合、売主は受領済みの手付金を無利息で全額返還する。',
    '제3조의 대출 조건에 표시되어 있고 매수인이 성실하게 신청하였음에도 기한까지 대출 승인을 받지 못한 경우, 각 당사자는 서면 통지로 이 계약을 해제할 수 있으며, 매도인은 받은 계약금을 이자 없이 전액 반환한다.',
  ),
  h('6. Cancellation', '第6条（契約の解除）', '제6조(계약의 해제)'),
  p(
    'Until the other party begins to perform, the Buyer may cancel by giving up the deposit, and the Seller may cancel by paying back the deposit and the same amount again. If a party fails to perform and does not remedy it within 14 days of written notice, the other party may cancel and claim damages.',
    '相手方が契約の履行に着手するまでは、買主は手付金を放棄して、売主は手付金の倍額を現実に提供して、本契約を解除することができる。当事者の一方が債務を履行せず、書面による催告から14日以内に履行しないときは、相手方は本契約を解除し、損害の賠償を請求することができる。',
    '상대방이 계약 이행에 착수하기 전까지 매수인은 계약금을 포기하고, 매도인은 계약금의 배액을 상환하여 이 계약을 해제할 수 있다. 당사자 일방이 채무를 이행하지 않고 서면 최고를 받은 날부터 14일 이내에 이행하지 않으면, 상대방은 계약을 해제하고 손해배상을 청구할 수 있다.',
  ),
  h('7. Condition of the property', '第7条（物件の状況）', '제7조(부동산의 상태)'),
  p(
    "The Seller has told the Buyer of the property's known defects in a separate Property Condition Disclosure Statement. The Buyer has inspected the property or has had the opportunity to do so.",
    '売主は、本物件について知っている不具合を、別紙の物件状況確認書により買主に告知した。買主は、本物件を確認し、又は確認する機会を与えられた。',
    '매도인은 별도의 부동산 상태 고지서로 알고 있는 하자를 매수인에게 알렸다. 매수인은 부동산을 확인하였거나 확인할 기회를 가졌다.',
  ),
  check(
    'seller',
    'disclosure_given',
    T(
      'The Seller has given the Buyer a completed disclosure statement',
      '売主は、記入済みの物件状況確認書を買主に交付した',
      '매도인은 작성한 부동산 상태 고지서를 매수인에게 교부하였다',
    ),
  ),
  h('8. Special terms', '第8条（特約）', '제8조(특약사항)'),
  text('seller', 'special_terms', T('Special terms', '特約事項', '특약사항'), {
    multiline: true,
    maxLength: 2000,
  }),
  h('9. Signatures', '第9条（署名）', '제9조(서명)'),
  p(
    'By signing, the Seller and the Buyer agree to this purchase agreement.',
    '本契約の成立を証するため、売主及び買主は署名する。',
    '이 계약을 증명하기 위하여 매도인과 매수인은 서명한다.',
  ),
  { kind: 'sign', role: 'seller' },
  { kind: 'sign', role: 'buyer' },
];

const DISCLOSURE: readonly Block[] = [
  p(
    'The Seller states what the Seller knows about the condition of the property, to help the Buyer decide. This statement is not a warranty and does not replace an inspection by the Buyer or a professional.',
    '売主は、買主の判断の参考とするため、本物件の状況について売主が知っている事項を告知する。本書は保証ではなく、買主又は専門家による調査に代わるものではない。',
    '매도인은 매수인의 판단을 돕기 위하여 부동산의 상태에 관하여 알고 있는 사항을 고지한다. 이 고지서는 보증이 아니며 매수인이나 전문가의 점검을 대신하지 않는다.',
  ),
  h('1. Property', '1. 物件', '1. 부동산'),
  text('seller', 'property_address', T('Address of the property', '物件所在地', '소재지'), {
    required: true,
  }),
  text('seller', 'name', T("Seller's full name", '売主 氏名', '매도인 성명'), { required: true }),
  text(
    'seller',
    'years_owned',
    T('Years owned by the Seller', '売主の所有期間（年）', '매도인의 소유 기간(년)'),
  ),
  {
    kind: 'choice',
    role: 'seller',
    key: 'occupancy',
    label: T('The property is now', '現在の使用状況', '현재 사용 상태'),
    options: [
      T('Lived in by the Seller', '売主が居住', '매도인 거주'),
      T('Let to tenants', '賃貸中', '임대 중'),
      T('Empty', '空室', '공실'),
    ],
  },
  h(
    '2. What the Seller knows of (tick each that applies)',
    '2. 売主が知っている事項（該当するものに印を付ける）',
    '2. 매도인이 알고 있는 사항(해당 항목에 표시)',
  ),
  check(
    'seller',
    'roof_leaks',
    T('Roof leaks or past water entry', '雨漏り又は過去の浸水', '지붕 누수 또는 과거의 침수'),
  ),
  check(
    'seller',
    'flooding',
    T(
      'Flooding, standing water or damp in the building or basement',
      '建物内又は床下の浸水、滞水又は湿気',
      '건물이나 지하의 침수, 고인 물 또는 습기',
    ),
  ),
  check(
    'seller',
    'structural',
    T(
      'Cracks or damage in the foundation, walls or floors',
      '基礎、壁又は床のひび割れ・損傷',
      '기초, 벽 또는 바닥의 균열이나 손상',
    ),
  ),
  check(
    'seller',
    'pests',
    T('Termites, rot or other pests', 'シロアリ、腐朽その他の害虫被害', '흰개미, 부식 그 밖의 해충 피해'),
  ),
  check(
    'seller',
    'plumbing',
    T(
      'Defects in plumbing, drains, sewer or septic tank',
      '給排水管、下水又は浄化槽の不具合',
      '배관, 배수, 하수 또는 정화조의 결함',
    ),
  ),
  check(
    'seller',
    'electrical',
    T(
      'Defects in the electrical wiring or heating',
      '電気配線又は冷暖房設備の不具合',
      '전기 배선 또는 난방 설비의 결함',
    ),
  ),
  check(
    'seller',
    'hazards',
    T(
      'Asbestos, lead paint, mould or other harmful materials',
      'アスベスト、鉛塗料、カビその他の有害物質',
      '석면, 납 페인트, 곰팡이 그 밖의 유해 물질',
    ),
  ),
  check(
    'seller',
    'boundary',
    T(
      'Boundary disputes, easements or encroachments',
      '境界紛争、地役権又は越境',
      '경계 분쟁, 지역권 또는 침범',
    ),
  ),
  check(
    'seller',
    'permits',
    T(
      'Additions or alterations made without the required permits',
      '必要な許可を得ずに行った増改築',
      '필요한 허가 없이 한 증축이나 개조',
    ),
  ),
  check(
    'seller',
    'incident',
    T(
      'A death, crime or other event in the property a buyer may find important',
      '物件内での死亡事故、事件その他買主が重要と考え得る出来事',
      '부동산 안에서 일어난 사망, 범죄 등 매수인이 중요하게 여길 수 있는 사건',
    ),
  ),
  text(
    'seller',
    'details',
    T(
      'Details of each ticked item (when, where, repairs made)',
      '印を付けた事項の詳細（時期、場所、修繕の有無）',
      '표시한 항목의 상세 내용(시기, 위치, 수리 여부)',
    ),
    { multiline: true, maxLength: 2000 },
  ),
  h('3. Repairs and renovations', '3. 修繕・リフォーム', '3. 수리와 개조'),
  text(
    'seller',
    'repairs',
    T(
      'Major repairs or renovations and their dates',
      '主な修繕・リフォームとその時期',
      '주요 수리·개조 내용과 시기',
    ),
    { multiline: true, maxLength: 2000 },
  ),
  h("4. Seller's statement", '4. 売主の表明', '4. 매도인의 확인'),
  p(
    "The Seller states that this information is true and complete to the best of the Seller's knowledge on the date signed, and will tell the Buyer in writing of any change before closing.",
    '売主は、本書の記載が署名日において売主の知る限り真実かつ完全であることを表明し、引渡しまでに変更が生じたときは、書面で買主に知らせる。',
    '매도인은 이 고지서의 내용이 서명일 현재 매도인이 아는 한 사실이며 완전함을 확인하고, 인도 전에 변동이 생기면 서면으로 매수인에게 알린다.',
  ),
  { kind: 'sign', role: 'seller' },
  h("5. Buyer's acknowledgement", '5. 買主の確認', '5. 매수인의 확인'),
  check(
    'buyer',
    'acknowledge',
    T(
      'The Buyer has received and read this statement',
      '買主は、本書を受け取り、内容を確認した',
      '매수인은 이 고지서를 받아 내용을 확인하였다',
    ),
  ),
  p(
    'The Buyer understands that this statement is not a warranty and that the Buyer may have the property inspected.',
    '買主は、本書が保証ではないこと、及び本物件の調査を行うことができることを理解している。',
    '매수인은 이 고지서가 보증이 아니며 부동산을 점검할 수 있음을 이해한다.',
  ),
  { kind: 'sign', role: 'buyer' },
];

export const FORM_CONTENT: Readonly<Record<GalleryForm, readonly Block[]>> = {
  lease: LEASE,
  purchase: PURCHASE,
  disclosure: DISCLOSURE,
};
