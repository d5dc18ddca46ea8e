/**
 * The manufacturer's product taxonomy: L1 technology, L2 product type, L3 to L5 sub-categories,
 * with the names in the four site languages and 6 to 10 electrical parameters per product type,
 * each in its SI unit. The generator draws series and parts from it.
 */

export const CONTENT_LANGUAGES = ['en', 'de', 'ja', 'zh'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export type Localized = Record<ContentLanguage, string>;

/** The `language` field value Coveo uses for each content language. */
export const LANGUAGE_NAMES: Localized = { en: 'English', de: 'German', ja: 'Japanese', zh: 'Chinese' };

const l = (en: string, de: string, ja: string, zh: string): Localized => ({ en, de, ja, zh });

export interface ParameterDefinition {
  /** Index field name (lower case, as Coveo fields are). */
  field: string;
  label: Localized;
  /** SI unit symbol of the stored value (A, V, Ω, W, J, F, s, C, °C, A²s, V/s, m, K). */
  unit: string;
  min: number;
  max: number;
  /** Values spread evenly on a log scale (ratings), else linearly. */
  log?: boolean;
}

export interface ProductType {
  key: string;
  l1: Localized;
  l2: Localized;
  l3: Localized[];
  /** Series name stems; series are stem + a number (SMBJ, SMBJ2, ...). */
  stems: string[];
  suffixes: string[];
  /** Share of the catalogue's parts. */
  weight: number;
  /** The parameter the part number encodes (ratings: current, voltage). */
  primary: string;
  parameters: ParameterDefinition[];
  markets: string[];
  technology: string;
  approvals: string[];
  /** "{rating} {type}" noun for descriptions. */
  noun: Localized;
}

export const L1 = {
  protection: l('Circuit Protection', 'Schaltungsschutz', '回路保護', '电路保护'),
  sensing: l('Sensing', 'Sensorik', 'センシング', '传感器'),
  power: l('Power Control', 'Leistungssteuerung', 'パワー制御', '功率控制'),
};

export const L4_MOUNTING = [
  l('Surface Mount', 'SMD', '表面実装', '表面贴装'),
  l('Through Hole', 'Durchsteckmontage', 'スルーホール', '通孔插装'),
  l('Module', 'Modul', 'モジュール', '模块'),
];

export const L5_GRADE = [
  l('Standard', 'Standard', '標準', '标准'),
  l('Automotive Grade', 'Automobilqualität', '車載グレード', '车规级'),
  l('Industrial Grade', 'Industriequalität', '産業グレード', '工业级'),
];

const p = (field: string, label: Localized, unit: string, min: number, max: number, log = true): ParameterDefinition => ({
  field,
  label,
  unit,
  min,
  max,
  log,
});

const temperatureMax = p('operatingtemperaturemax', l('Max. operating temperature', 'Max. Betriebstemperatur', '最高動作温度', '最高工作温度'), '°C', 85, 175, false);
const temperatureMin = p('operatingtemperaturemin', l('Min. operating temperature', 'Min. Betriebstemperatur', '最低動作温度', '最低工作温度'), '°C', -65, -20, false);

export const PRODUCT_TYPES: ProductType[] = [
  {
    key: 'fuses',
    l1: L1.protection,
    l2: l('Fuses', 'Sicherungen', 'ヒューズ', '保险丝'),
    l3: [
      l('Surface Mount Fuses', 'SMD-Sicherungen', '表面実装ヒューズ', '贴片保险丝'),
      l('Cartridge Fuses', 'Feinsicherungen', '管ヒューズ', '管状保险丝'),
      l('Automotive Fuses', 'Kfz-Sicherungen', '車載用ヒューズ', '汽车保险丝'),
      l('High-Speed Fuses', 'Halbleiterschutzsicherungen', '高速ヒューズ', '快速熔断器'),
    ],
    // Four-digit families as fuse makers number them (part-numbers.ts); the last two name no package.
    stems: ['0451', '0452', '0437', '0466', '0215', '0218', '0235', '0440', '0257', '0170'],
    suffixes: ['MR', 'NR', 'P', 'T', 'HX'],
    weight: 18,
    primary: 'ratedcurrent',
    parameters: [
      p('ratedcurrent', l('Rated current', 'Nennstrom', '定格電流', '额定电流'), 'A', 0.002, 1000),
      p('ratedvoltage', l('Rated voltage', 'Nennspannung', '定格電圧', '额定电压'), 'V', 24, 1000),
      p('breakingcapacity', l('Breaking capacity', 'Schaltvermögen', '遮断容量', '分断能力'), 'A', 35, 200000),
      p('meltingi2t', l('Melting I²t', 'Schmelzintegral I²t', '溶断I²t', '熔断I²t'), 'A²s', 0.0000001, 1000000),
      p('coldresistance', l('Cold resistance', 'Kaltwiderstand', '冷抵抗', '冷态电阻'), 'Ω', 0.00001, 1000),
      p('voltagedrop', l('Voltage drop', 'Spannungsabfall', '電圧降下', '压降'), 'V', 0.01, 2),
      temperatureMax,
      temperatureMin,
    ],
    markets: ['Automotive', 'Industrial', 'Consumer Electronics', 'Energy', 'Lighting', 'Home Appliances'],
    technology: 'Fuse',
    approvals: ['UL', 'CSA', 'VDE', 'PSE', 'CCC', 'METI'],
    noun: l('fuse', 'Sicherung', 'ヒューズ', '保险丝'),
  },
  {
    key: 'ptc',
    l1: L1.protection,
    l2: l('PTC Resettable Fuses', 'Rückstellbare PTC-Sicherungen', 'PTCリセッタブルヒューズ', 'PTC自恢复保险丝'),
    l3: [
      l('Surface Mount PTCs', 'SMD-PTCs', '表面実装PTC', '贴片PTC'),
      l('Radial Leaded PTCs', 'Radial bedrahtete PTCs', 'ラジアルリードPTC', '径向引线PTC'),
      l('Battery Strap PTCs', 'Batteriestreifen-PTCs', 'バッテリーストラップPTC', '电池带状PTC'),
    ],
    stems: ['PPTC', 'RXEF', 'RUEF', 'SMD', 'NSMD', 'LSMD', 'FMTO'],
    suffixes: ['', 'F', 'X', 'S'],
    weight: 9,
    primary: 'holdcurrent',
    parameters: [
      p('holdcurrent', l('Hold current', 'Haltestrom', '保持電流', '保持电流'), 'A', 0.05, 20),
      p('tripcurrent', l('Trip current', 'Auslösestrom', 'トリップ電流', '动作电流'), 'A', 0.1, 40),
      p('maxvoltage', l('Max. voltage', 'Max. Spannung', '最大電圧', '最大电压'), 'V', 6, 600),
      p('maxcurrent', l('Max. fault current', 'Max. Fehlerstrom', '最大故障電流', '最大故障电流'), 'A', 10, 100),
      p('timetotrip', l('Time to trip', 'Auslösezeit', 'トリップ時間', '动作时间'), 's', 0.01, 30),
      p('resistancemin', l('Min. resistance', 'Min. Widerstand', '最小抵抗', '最小电阻'), 'Ω', 0.001, 20),
      p('powerdissipation', l('Power dissipation', 'Verlustleistung', '電力損失', '功耗'), 'W', 0.3, 4),
      temperatureMax,
    ],
    markets: ['Consumer Electronics', 'Automotive', 'Communications', 'Industrial'],
    technology: 'PTC',
    approvals: ['UL', 'CSA', 'TÜV'],
    noun: l('PTC resettable fuse', 'PTC-Sicherung', 'PTCリセッタブルヒューズ', 'PTC自恢复保险丝'),
  },
  {
    key: 'tvs',
    l1: L1.protection,
    l2: l('TVS Diodes', 'TVS-Dioden', 'TVSダイオード', 'TVS二极管'),
    l3: [
      l('Surface Mount TVS Diodes', 'SMD-TVS-Dioden', '表面実装TVSダイオード', '贴片TVS二极管'),
      l('Axial Leaded TVS Diodes', 'Axial bedrahtete TVS-Dioden', 'アキシャルリードTVSダイオード', '轴向引线TVS二极管'),
      l('ESD Protection Arrays', 'ESD-Schutzarrays', 'ESD保護アレイ', 'ESD保护阵列'),
    ],
    stems: ['SMBJ', 'SMAJ', 'SMCJ', 'SMDJ', 'SA', 'SMF', 'SLD', 'TPSB', 'SP30', 'AQ24'],
    suffixes: ['A', 'CA', 'AQ', 'CAQ'],
    weight: 16,
    primary: 'standoffvoltage',
    parameters: [
      p('standoffvoltage', l('Reverse stand-off voltage', 'Sperrspannung', '逆方向スタンドオフ電圧', '反向截止电压'), 'V', 3.3, 600),
      p('breakdownvoltage', l('Breakdown voltage', 'Durchbruchspannung', 'ブレークダウン電圧', '击穿电压'), 'V', 3.7, 670),
      p('clampingvoltage', l('Clamping voltage', 'Klemmspannung', 'クランプ電圧', '钳位电压'), 'V', 5, 970),
      p('peakpulsepower', l('Peak pulse power', 'Impulsspitzenleistung', 'ピークパルス電力', '峰值脉冲功率'), 'W', 200, 30000),
      p('peakpulsecurrent', l('Peak pulse current', 'Impulsspitzenstrom', 'ピークパルス電流', '峰值脉冲电流'), 'A', 0.2, 500),
      p('leakagecurrent', l('Leakage current', 'Leckstrom', 'リーク電流', '漏电流'), 'A', 0.0000001, 0.0008),
      p('junctioncapacitance', l('Junction capacitance', 'Sperrschichtkapazität', '接合容量', '结电容'), 'F', 0.0000000000003, 0.00000001),
      temperatureMax,
    ],
    markets: ['Automotive', 'Communications', 'Consumer Electronics', 'Industrial', 'Energy'],
    technology: 'TVS Diode',
    approvals: ['UL', 'AEC-Q101'],
    noun: l('TVS diode', 'TVS-Diode', 'TVSダイオード', 'TVS二极管'),
  },
  {
    key: 'varistors',
    l1: L1.protection,
    l2: l('Varistors', 'Varistoren', 'バリスタ', '压敏电阻'),
    l3: [
      l('Metal Oxide Varistors', 'Metalloxid-Varistoren', '金属酸化物バリスタ', '金属氧化物压敏电阻'),
      l('Multilayer Varistors', 'Vielschicht-Varistoren', '積層バリスタ', '多层压敏电阻'),
    ],
    // Family letters: the part number is V, the AC voltage, the family and the size (V275LA20E).
    stems: ['LA', 'ZA', 'RA', 'DA', 'TM', 'ML', 'MH', 'BA'],
    suffixes: ['E', 'K', 'L', 'P'],
    weight: 10,
    primary: 'maxacvoltage',
    parameters: [
      p('maxacvoltage', l('Max. AC voltage', 'Max. Wechselspannung', '最大AC電圧', '最大交流电压'), 'V', 11, 1100),
      p('maxdcvoltage', l('Max. DC voltage', 'Max. Gleichspannung', '最大DC電圧', '最大直流电压'), 'V', 14, 1465),
      p('varistorvoltage', l('Varistor voltage', 'Varistorspannung', 'バリスタ電圧', '压敏电压'), 'V', 18, 1800),
      p('clampingvoltage', l('Clamping voltage', 'Klemmspannung', 'クランプ電圧', '钳位电压'), 'V', 36, 2970),
      p('peaksurgecurrent', l('Peak surge current', 'Stoßstrom', 'ピークサージ電流', '峰值浪涌电流'), 'A', 20, 70000),
      p('energyrating', l('Energy rating', 'Energieaufnahme', 'エネルギー耐量', '能量耐量'), 'J', 0.01, 10000),
      p('capacitance', l('Capacitance', 'Kapazität', '静電容量', '电容'), 'F', 0.00000000001, 0.00000002),
      // Leaded discs only (the part number's size code: V275LA20E is 20 mm); chips and blocks have none.
      p('discsize', l('Disc size', 'Scheibendurchmesser', 'ディスク径', '圆片直径'), 'm', 0.007, 0.02, false),
    ],
    markets: ['Energy', 'Industrial', 'Lighting', 'Home Appliances', 'Communications'],
    technology: 'Varistor',
    approvals: ['UL', 'CSA', 'VDE', 'IEC'],
    noun: l('varistor', 'Varistor', 'バリスタ', '压敏电阻'),
  },
  {
    key: 'gdt',
    l1: L1.protection,
    l2: l('Gas Discharge Tubes', 'Gasableiter', 'ガス放電管', '气体放电管'),
    l3: [
      l('2-Electrode GDTs', 'Zweipolige Gasableiter', '2極ガス放電管', '二极气体放电管'),
      l('3-Electrode GDTs', 'Dreipolige Gasableiter', '3極ガス放電管', '三极气体放电管'),
    ],
    stems: ['GDT', 'CG2', 'CG3', 'GTCA', 'GTCS', 'SL10'],
    suffixes: ['', 'SN', 'LF'],
    weight: 5,
    primary: 'dcsparkovervoltage',
    parameters: [
      p('dcsparkovervoltage', l('DC spark-over voltage', 'Ansprechgleichspannung', '直流放電開始電圧', '直流击穿电压'), 'V', 75, 5000),
      p('impulsesparkovervoltage', l('Impulse spark-over voltage', 'Ansprechstoßspannung', 'インパルス放電開始電圧', '冲击击穿电压'), 'V', 400, 6000),
      p('impulsedischargecurrent', l('Impulse discharge current', 'Nennableitstoßstrom', 'インパルス放電電流', '冲击放电电流'), 'A', 500, 40000),
      p('insulationresistance', l('Insulation resistance', 'Isolationswiderstand', '絶縁抵抗', '绝缘电阻'), 'Ω', 100000000, 10000000000),
      p('capacitance', l('Capacitance', 'Kapazität', '静電容量', '电容'), 'F', 0.0000000000005, 0.000000000002),
      p('arcvoltage', l('Arc voltage', 'Bogenspannung', 'アーク電圧', '电弧电压'), 'V', 10, 30, false),
    ],
    markets: ['Communications', 'Energy', 'Industrial'],
    technology: 'GDT',
    approvals: ['UL', 'ITU-T K.12'],
    noun: l('gas discharge tube', 'Gasableiter', 'ガス放電管', '气体放电管'),
  },
  {
    key: 'reed-switches',
    l1: L1.sensing,
    l2: l('Reed Switches', 'Reedschalter', 'リードスイッチ', '干簧开关'),
    l3: [
      l('Miniature Reed Switches', 'Miniatur-Reedschalter', '小型リードスイッチ', '微型干簧开关'),
      l('High-Power Reed Switches', 'Hochleistungs-Reedschalter', '大電力リードスイッチ', '大功率干簧开关'),
    ],
    stems: ['MDSR', 'MDRR', 'MACD', 'HSR', 'KSK'],
    suffixes: ['', 'DT', 'SMD'],
    weight: 6,
    primary: 'sensitivity',
    parameters: [
      p('switchingvoltage', l('Switching voltage', 'Schaltspannung', '開閉電圧', '开关电压'), 'V', 10, 1000),
      p('switchingcurrent', l('Switching current', 'Schaltstrom', '開閉電流', '开关电流'), 'A', 0.01, 3),
      p('carrycurrent', l('Carry current', 'Dauerstrom', '通電電流', '承载电流'), 'A', 0.1, 5),
      p('contactresistance', l('Contact resistance', 'Kontaktwiderstand', '接触抵抗', '接触电阻'), 'Ω', 0.05, 0.2, false),
      p('breakdownvoltage', l('Breakdown voltage', 'Durchschlagspannung', '絶縁破壊電圧', '击穿电压'), 'V', 150, 4000),
      p('operatetime', l('Operate time', 'Ansprechzeit', '動作時間', '动作时间'), 's', 0.0001, 0.001),
      p('sensitivity', l('Sensitivity (ampere-turns)', 'Empfindlichkeit (Amperewindungen)', '感度（アンペアターン）', '灵敏度（安匝）'), 'A', 5, 60, false),
    ],
    markets: ['Automotive', 'Home Appliances', 'Industrial', 'Medical', 'Energy'],
    technology: 'Reed',
    approvals: ['UL', 'RoHS'],
    noun: l('reed switch', 'Reedschalter', 'リードスイッチ', '干簧开关'),
  },
  {
    key: 'reed-sensors',
    l1: L1.sensing,
    l2: l('Reed Sensors', 'Reedsensoren', 'リードセンサ', '干簧传感器'),
    l3: [
      l('Position Sensors', 'Positionssensoren', '位置センサ', '位置传感器'),
      l('Level Sensors', 'Füllstandssensoren', 'レベルセンサ', '液位传感器'),
      l('Speed Sensors', 'Drehzahlsensoren', '速度センサ', '速度传感器'),
    ],
    stems: ['59', 'MITI', 'FLEX', 'RS', 'LS'],
    suffixes: ['', 'A', 'B', 'S'],
    weight: 6,
    primary: 'operatedistance',
    parameters: [
      p('operatedistance', l('Operate distance', 'Schaltabstand', '動作距離', '动作距离'), 'm', 0.003, 0.03),
      p('switchingvoltage', l('Switching voltage', 'Schaltspannung', '開閉電圧', '开关电压'), 'V', 10, 300),
      p('switchingcurrent', l('Switching current', 'Schaltstrom', '開閉電流', '开关电流'), 'A', 0.01, 1),
      p('contactrating', l('Contact rating', 'Kontaktbelastbarkeit', '接点定格', '触点额定功率'), 'W', 3, 100),
      p('cablelength', l('Cable length', 'Kabellänge', 'ケーブル長', '电缆长度'), 'm', 0.1, 2, false),
      temperatureMax,
      temperatureMin,
    ],
    markets: ['Automotive', 'Home Appliances', 'Industrial', 'Medical'],
    technology: 'Reed',
    approvals: ['UL', 'RoHS', 'IP67'],
    noun: l('reed sensor', 'Reedsensor', 'リードセンサ', '干簧传感器'),
  },
  {
    key: 'temperature-sensors',
    l1: L1.sensing,
    l2: l('Temperature Sensors', 'Temperatursensoren', '温度センサ', '温度传感器'),
    l3: [
      l('NTC Thermistors', 'NTC-Thermistoren', 'NTCサーミスタ', 'NTC热敏电阻'),
      l('RTDs', 'Widerstandsthermometer', '測温抵抗体', '铂电阻温度传感器'),
      l('Thermal Cutoffs', 'Thermosicherungen', '温度ヒューズ', '温度保险丝'),
    ],
    stems: ['NTC', 'USP', 'KS', 'PS', 'GT'],
    suffixes: ['', 'J', 'K'],
    weight: 6,
    primary: 'resistanceat25',
    parameters: [
      p('resistanceat25', l('Resistance at 25 °C', 'Widerstand bei 25 °C', '25 °Cでの抵抗', '25 °C电阻'), 'Ω', 100, 1000000),
      p('betavalue', l('Beta value', 'B-Wert', 'B定数', 'B值'), 'K', 3000, 4500, false),
      p('tolerance', l('Tolerance', 'Toleranz', '許容差', '公差'), '%', 0.5, 10, false),
      p('dissipationconstant', l('Dissipation constant', 'Wärmeabgabekonstante', '熱放散定数', '耗散常数'), 'W/K', 0.0005, 0.01),
      p('thermaltimeconstant', l('Thermal time constant', 'Thermische Zeitkonstante', '熱時定数', '热时间常数'), 's', 1, 60),
      temperatureMax,
      temperatureMin,
    ],
    markets: ['Automotive', 'Home Appliances', 'Medical', 'Industrial', 'Energy'],
    technology: 'Temperature Sensor',
    approvals: ['UL', 'RoHS', 'AEC-Q200'],
    noun: l('temperature sensor', 'Temperatursensor', '温度センサ', '温度传感器'),
  },
  {
    key: 'thyristors',
    l1: L1.power,
    l2: l('Thyristors', 'Thyristoren', 'サイリスタ', '晶闸管'),
    l3: [
      l('SCRs', 'Thyristoren (SCR)', 'SCR', '可控硅'),
      l('TRIACs', 'TRIACs', 'トライアック', '双向可控硅'),
      l('SIDACs', 'SIDACs', 'SIDAC', 'SIDAC'),
    ],
    stems: ['S8', 'Q6', 'QJ', 'K2', 'SK', 'L4'],
    suffixes: ['', 'R', 'L', 'N'],
    weight: 7,
    primary: 'onstatecurrent',
    parameters: [
      p('onstatecurrent', l('On-state current', 'Durchlassstrom', 'オン電流', '通态电流'), 'A', 0.8, 70),
      p('peakoffstatevoltage', l('Repetitive peak off-state voltage', 'Periodische Spitzensperrspannung', '繰り返しピークオフ電圧', '断态重复峰值电压'), 'V', 200, 1600),
      p('gatetriggercurrent', l('Gate trigger current', 'Zündstrom', 'ゲートトリガ電流', '门极触发电流'), 'A', 0.000005, 0.1),
      p('holdingcurrent', l('Holding current', 'Haltestrom', '保持電流', '维持电流'), 'A', 0.0005, 0.1),
      p('surgecurrent', l('Non-repetitive surge current', 'Stoßstrom', 'サージ電流', '浪涌电流'), 'A', 10, 950),
      p('criticalrateofrise', l('Critical rate of rise of off-state voltage', 'Kritische Spannungssteilheit', '臨界オフ電圧上昇率', '断态电压临界上升率'), 'V/s', 20000000, 1500000000),
      temperatureMax,
    ],
    markets: ['Home Appliances', 'Industrial', 'Lighting', 'Energy'],
    technology: 'Thyristor',
    approvals: ['UL', 'RoHS'],
    noun: l('thyristor', 'Thyristor', 'サイリスタ', '晶闸管'),
  },
  {
    key: 'mosfets',
    l1: L1.power,
    l2: l('MOSFETs', 'MOSFETs', 'MOSFET', 'MOSFET'),
    l3: [
      l('N-Channel Power MOSFETs', 'N-Kanal-Leistungs-MOSFETs', 'NチャネルパワーMOSFET', 'N沟道功率MOSFET'),
      l('P-Channel Power MOSFETs', 'P-Kanal-Leistungs-MOSFETs', 'PチャネルパワーMOSFET', 'P沟道功率MOSFET'),
      l('Silicon Carbide MOSFETs', 'Siliziumkarbid-MOSFETs', 'SiC MOSFET', '碳化硅MOSFET'),
    ],
    stems: ['IXFH', 'IXFK', 'IXTP', 'LSIC', 'IXFN', 'IXTA'],
    suffixes: ['P', 'Q', 'X', 'N'],
    weight: 9,
    primary: 'drainsourcevoltage',
    parameters: [
      p('drainsourcevoltage', l('Drain-source voltage', 'Drain-Source-Spannung', 'ドレイン・ソース間電圧', '漏源电压'), 'V', 20, 4500),
      p('draincurrent', l('Continuous drain current', 'Dauer-Drainstrom', '連続ドレイン電流', '连续漏极电流'), 'A', 1, 600),
      p('onresistance', l('On-state resistance', 'Einschaltwiderstand', 'オン抵抗', '导通电阻'), 'Ω', 0.0008, 100),
      p('gatecharge', l('Total gate charge', 'Gesamt-Gateladung', '総ゲート電荷', '总栅极电荷'), 'C', 0.000000005, 0.0000015),
      p('inputcapacitance', l('Input capacitance', 'Eingangskapazität', '入力容量', '输入电容'), 'F', 0.0000000002, 0.00000005),
      p('powerdissipation', l('Power dissipation', 'Verlustleistung', '許容損失', '功耗'), 'W', 25, 1500),
      p('thresholdvoltage', l('Gate threshold voltage', 'Gate-Schwellenspannung', 'ゲートしきい値電圧', '栅极阈值电压'), 'V', 1, 5, false),
      temperatureMax,
    ],
    markets: ['Industrial', 'Energy', 'Automotive', 'Medical'],
    technology: 'MOSFET',
    approvals: ['RoHS', 'AEC-Q101'],
    noun: l('power MOSFET', 'Leistungs-MOSFET', 'パワーMOSFET', '功率MOSFET'),
  },
  {
    key: 'igbts',
    l1: L1.power,
    l2: l('IGBTs', 'IGBTs', 'IGBT', 'IGBT'),
    l3: [
      l('Discrete IGBTs', 'Diskrete IGBTs', 'ディスクリートIGBT', '分立IGBT'),
      l('IGBT Modules', 'IGBT-Module', 'IGBTモジュール', 'IGBT模块'),
    ],
    stems: ['IXGH', 'IXYH', 'IXGN', 'MG12', 'MG17', 'IXXH'],
    suffixes: ['C3', 'B3', 'A4', 'XS'],
    weight: 5,
    primary: 'collectorcurrent',
    parameters: [
      p('collectoremittervoltage', l('Collector-emitter voltage', 'Kollektor-Emitter-Spannung', 'コレクタ・エミッタ間電圧', '集射极电压'), 'V', 600, 3300),
      p('collectorcurrent', l('Collector current', 'Kollektorstrom', 'コレクタ電流', '集电极电流'), 'A', 10, 1800),
      p('saturationvoltage', l('Collector-emitter saturation voltage', 'Sättigungsspannung', '飽和電圧', '饱和压降'), 'V', 1.2, 3.2, false),
      p('switchingenergy', l('Total switching energy', 'Gesamtschaltenergie', '総スイッチング損失', '总开关能量'), 'J', 0.0001, 1),
      p('powerdissipation', l('Power dissipation', 'Verlustleistung', '許容損失', '功耗'), 'W', 100, 6000),
      p('shortcircuittime', l('Short-circuit withstand time', 'Kurzschlussfestigkeit', '短絡耐量時間', '短路耐受时间'), 's', 0.000005, 0.00001, false),
      temperatureMax,
    ],
    markets: ['Industrial', 'Energy', 'Automotive'],
    technology: 'IGBT',
    approvals: ['UL', 'RoHS'],
    noun: l('IGBT', 'IGBT', 'IGBT', 'IGBT'),
  },
  {
    key: 'relays',
    l1: L1.power,
    l2: l('Relays', 'Relais', 'リレー', '继电器'),
    l3: [
      l('Protection Relays', 'Schutzrelais', '保護リレー', '保护继电器'),
      l('Solid-State Relays', 'Halbleiterrelais', 'ソリッドステートリレー', '固态继电器'),
      l('Reed Relays', 'Reedrelais', 'リードリレー', '干簧继电器'),
      // Made by the catalogue's series additions only (series-rules.ts): no stem of the rotation takes them.
      l('Power Relays', 'Leistungsrelais', 'パワーリレー', '功率继电器'),
      l('Contactors', 'Schütze', '電磁接触器', '接触器'),
    ],
    stems: ['SE', 'MPU', 'PGR', 'CPC', 'LCA', 'HE'],
    suffixes: ['', 'S', 'STR', 'P'],
    weight: 6,
    primary: 'coilvoltage',
    parameters: [
      p('coilvoltage', l('Coil voltage', 'Spulenspannung', 'コイル電圧', '线圈电压'), 'V', 3, 240),
      p('contactcurrent', l('Contact current', 'Kontaktstrom', '接点電流', '触点电流'), 'A', 0.05, 40),
      p('switchingvoltage', l('Switching voltage', 'Schaltspannung', '開閉電圧', '开关电压'), 'V', 24, 1000),
      p('coilpower', l('Coil power', 'Spulenleistung', 'コイル消費電力', '线圈功率'), 'W', 0.05, 2),
      p('operatetime', l('Operate time', 'Ansprechzeit', '動作時間', '动作时间'), 's', 0.0005, 0.02),
      p('isolationvoltage', l('Isolation voltage', 'Isolationsspannung', '絶縁電圧', '隔离电压'), 'V', 1500, 5000, false),
      temperatureMax,
    ],
    markets: ['Industrial', 'Energy', 'Medical', 'Communications'],
    technology: 'Relay',
    approvals: ['UL', 'CSA', 'VDE', 'CE'],
    noun: l('relay', 'Relais', 'リレー', '继电器'),
  },
];

export const MARKETS = [
  'Automotive',
  'Industrial',
  'Consumer Electronics',
  'Communications',
  'Energy',
  'Lighting',
  'Medical',
  'Home Appliances',
];

export const END_EQUIPMENT: Record<string, string[]> = {
  Automotive: ['Battery Management Systems', 'On-Board Chargers', 'ADAS', 'Infotainment', 'Body Electronics'],
  Industrial: ['Motor Drives', 'PLCs', 'Power Supplies', 'Robotics', 'Welding Equipment'],
  'Consumer Electronics': ['Smartphones', 'Laptops', 'USB Type-C Chargers', 'Wearables', 'Game Consoles'],
  Communications: ['5G Base Stations', 'Ethernet Switches', 'Optical Networks', 'DSL Modems'],
  Energy: ['Solar Inverters', 'EV Charging Stations', 'Smart Meters', 'Energy Storage'],
  Lighting: ['LED Drivers', 'Street Lighting', 'Ballasts'],
  Medical: ['Patient Monitors', 'Infusion Pumps', 'Imaging Systems'],
  'Home Appliances': ['Washing Machines', 'Refrigerators', 'HVAC', 'Induction Cooktops'],
};

/** URL slugs of the catalogue (indexed `clickableuri` and `serieslink`, and the site's routes). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const SI_PREFIXES: Array<[number, string]> = [
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
  [1e-3, 'm'],
  [1e-6, 'µ'],
  [1e-9, 'n'],
  [1e-12, 'p'],
];

/** Units datasheets write with a fixed prefix of their own: dV/dt in V/µs (never "200 MV/s"). */
export const DISPLAY_UNITS: Record<string, { symbol: string; factor: number }> = {
  'V/s': { symbol: 'V/µs', factor: 1e-6 },
};

/**
 * 0.25 A -> "250 mA": the catalogue's own way of writing a value (part descriptions, datasheet
 * tables); the site has its own unit module. Temperatures, ratios and zero are written as they are;
 * dV/dt in V/µs; I²t below 0.0001 A²s in E notation (1.38E-6 A²s), as fuse datasheets print it.
 * German writes a decimal comma.
 */
export function withPrefix(value: number, unit: string, language: ContentLanguage = 'en'): string {
  const local = (text: string) => (language === 'de' ? text.replace(/(\d)\.(\d)/g, '$1,$2') : text);
  const display = DISPLAY_UNITS[unit];
  if (display) return local(`${Number((value * display.factor).toPrecision(3))} ${display.symbol}`);
  if (unit === 'A²s' && value !== 0 && Math.abs(value) < 1e-4) {
    const [mantissa, exponent] = value.toExponential(2).split('e');
    return local(`${Number(mantissa)}E${Number(exponent)} ${unit}`);
  }
  if (unit === '°C' || unit === '%' || unit === 'K' || unit === 'A²s' || value === 0) return local(`${Number(value.toPrecision(4))} ${unit}`);
  const [scale, prefix] = SI_PREFIXES.find(([s]) => Math.abs(value) >= s) ?? SI_PREFIXES[SI_PREFIXES.length - 1]!;
  return local(`${Number((value / scale).toPrecision(3))} ${prefix}${unit}`);
}
