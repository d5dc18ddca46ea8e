import type { Localized } from '@voltaris/catalogue/taxonomy';

/**
 * What an application engineer answers first for each product family: how to choose one, in the
 * family's own terms (a fuse by its current, voltage, breaking capacity and I²t; a TVS diode by its
 * stand-off and clamping voltage...). The FAQ generator (generate.ts) adds the questions whose
 * answers come from the catalogue's own data: the ratings each series covers, what a part number
 * says, what a parameter measures and its range across the family.
 */
export const SELECTION_ADVICE: Record<string, Localized> = {
  fuses: {
    en: 'Choose the rated current at least 25 % above the highest continuous current at the hottest ambient, a rated voltage at or above the circuit voltage and a breaking capacity above the prospective short-circuit current. Then compare the melting I²t with the inrush pulse: a time-lag fuse rides through a capacitor charge that trips a fast-acting one.',
    de: 'Wählen Sie den Nennstrom mindestens 25 % über dem höchsten Dauerstrom bei der höchsten Umgebungstemperatur, eine Nennspannung mindestens so hoch wie die Schaltungsspannung und ein Schaltvermögen über dem möglichen Kurzschlussstrom. Vergleichen Sie dann das Schmelzintegral I²t mit dem Einschaltimpuls: Eine träge Sicherung übersteht eine Kondensatorladung, bei der eine flinke auslöst.',
    ja: '定格電流は最高周囲温度での最大連続電流より25 %以上大きく、定格電圧は回路電圧以上、遮断容量は想定短絡電流以上を選びます。次に溶断I²tを突入電流パルスと比較します。タイムラグヒューズはコンデンサの充電電流に耐えますが、速断ヒューズは溶断することがあります。',
    zh: '额定电流应比最高环境温度下的最大持续电流高出至少25 %，额定电压不低于电路电压，分断能力高于预期短路电流。然后将熔断I²t与浪涌脉冲比较：慢断保险丝能承受电容充电电流，而快断保险丝可能熔断。',
  },
  ptc: {
    en: 'Pick a hold current above the normal load at the highest ambient temperature (PTCs derate by roughly 1 % per °C) and a trip current below the current the protected part survives. The maximum voltage and fault current must cover the worst short circuit, and the time to trip must be shorter than the time the load tolerates the overcurrent.',
    de: 'Wählen Sie einen Haltestrom über der normalen Last bei höchster Umgebungstemperatur (PTCs verlieren rund 1 % je °C) und einen Auslösestrom unter dem Strom, den das geschützte Bauteil verträgt. Maximalspannung und maximaler Fehlerstrom müssen den ungünstigsten Kurzschluss abdecken, die Auslösezeit muss kürzer sein als die Zeit, die die Last den Überstrom aushält.',
    ja: '保持電流は最高周囲温度での通常負荷電流より大きく（PTCは約1 %/°Cでディレーティング）、トリップ電流は保護対象が耐えられる電流より小さく選びます。最大電圧と最大故障電流は最悪の短絡条件を満たし、トリップ時間は負荷が過電流に耐えられる時間より短い必要があります。',
    zh: '保持电流应高于最高环境温度下的正常负载电流（PTC约按每°C 1 %降额），动作电流应低于被保护器件能承受的电流。最大电压和最大故障电流须覆盖最坏短路情况，动作时间须短于负载能承受过流的时间。',
  },
  tvs: {
    en: 'The reverse stand-off voltage must be at or above the line\'s highest working voltage, so the diode does not conduct in normal operation; the clamping voltage at the test pulse must stay below what the protected IC withstands. Size the peak pulse power for the surge standard (IEC 61000-4-5 or ISO 7637-2) and choose bidirectional (CA) parts for AC or signal lines that swing both ways.',
    de: 'Die Sperrspannung muss mindestens der höchsten Betriebsspannung der Leitung entsprechen, damit die Diode im Normalbetrieb nicht leitet; die Klemmspannung beim Prüfimpuls muss unter der Festigkeit des geschützten ICs bleiben. Legen Sie die Impulsspitzenleistung nach der Stoßnorm aus (IEC 61000-4-5 oder ISO 7637-2) und nehmen Sie bidirektionale Teile (CA) für Wechselspannungs- und Signalleitungen, die in beide Richtungen schwingen.',
    ja: '逆方向スタンドオフ電圧はラインの最大動作電圧以上とし、通常動作で導通しないようにします。試験パルスでのクランプ電圧は保護対象ICの耐圧を下回る必要があります。ピークパルス電力はサージ規格（IEC 61000-4-5またはISO 7637-2）に合わせて選び、正負に振れるACラインや信号ラインには双方向品（CA）を使います。',
    zh: '反向截止电压须不低于线路最高工作电压，使二极管在正常工作时不导通；测试脉冲下的钳位电压须低于被保护IC的耐压。按浪涌标准（IEC 61000-4-5或ISO 7637-2）选择峰值脉冲功率，对正负双向摆动的交流线或信号线选用双向器件（CA）。',
  },
  varistors: {
    en: 'Take a maximum AC voltage at least 10 % above the mains\' nominal (275 V for 230 V mains, 150 V for 120 V), then a disc large enough for the surge: the peak surge current and energy rating grow with the disc area, the clamping voltage does not. Put a thermally protected varistor or a fuse in series where a varistor at the end of its life could overheat.',
    de: 'Nehmen Sie eine maximale Wechselspannung mindestens 10 % über der Netznennspannung (275 V für 230-V-Netze, 150 V für 120 V) und dann eine Scheibe, die groß genug für den Stoß ist: Stoßstrom und Energieaufnahme wachsen mit der Scheibenfläche, die Klemmspannung nicht. Setzen Sie einen thermisch geschützten Varistor oder eine Sicherung in Reihe, wo ein gealterter Varistor überhitzen könnte.',
    ja: '最大AC電圧は電源の公称電圧より10 %以上高く（230 V系では275 V、120 V系では150 V）、サージに見合う大きさのディスクを選びます。ピークサージ電流とエネルギー耐量はディスク面積とともに増えますが、クランプ電圧は変わりません。寿命末期に過熱するおそれがある場合は、温度ヒューズ内蔵品を使うか、ヒューズを直列に入れてください。',
    zh: '最大交流电压应比电网标称电压高至少10 %（230 V电网选275 V，120 V电网选150 V），再按浪涌选择足够大的圆片：峰值浪涌电流和能量耐量随圆片面积增大，钳位电压则不变。压敏电阻寿命末期可能过热的场合，请选用带热保护的型号或串联保险丝。',
  },
  gdt: {
    en: 'The DC spark-over voltage must lie above the line\'s peak working voltage plus its tolerance (about 20 %), and the impulse spark-over below what the equipment behind it withstands. On power lines put a varistor in series so the arc extinguishes after the surge; telecom lines use the 3-electrode tube to protect both wires against earth at once.',
    de: 'Die Ansprechgleichspannung muss über der Spitzenbetriebsspannung der Leitung plus Toleranz (etwa 20 %) liegen, die Ansprechstoßspannung unter der Festigkeit der Geräte dahinter. Auf Netzleitungen gehört ein Varistor in Reihe, damit der Lichtbogen nach dem Stoß erlischt; Telekommunikationsleitungen schützen mit dem dreipoligen Ableiter beide Adern zugleich gegen Erde.',
    ja: '直流放電開始電圧はラインのピーク動作電圧に許容差（約20 %）を加えた値より高く、インパルス放電開始電圧は後段機器の耐圧より低くします。電源ラインではサージ後にアークが消えるようバリスタを直列に入れ、通信ラインでは3極放電管で2線を同時に対地保護します。',
    zh: '直流击穿电压须高于线路峰值工作电压加上公差（约20 %），冲击击穿电压须低于后级设备的耐压。电源线上应串联压敏电阻，使浪涌后电弧熄灭；通信线路用三极放电管同时保护两线对地。',
  },
  'reed-switches': {
    en: 'Match the sensitivity in ampere-turns to the magnet and distance: a lower AT value closes with a weaker field. Check the switched load against both the switching voltage and current, and add a protection circuit for inductive or capacitive loads, which shorten contact life more than the rated resistive load does.',
    de: 'Stimmen Sie die Empfindlichkeit in Amperewindungen auf Magnet und Abstand ab: Ein kleinerer AT-Wert schließt schon bei schwächerem Feld. Prüfen Sie die geschaltete Last gegen Schaltspannung und Schaltstrom und sehen Sie für induktive oder kapazitive Lasten eine Schutzbeschaltung vor, da sie die Kontaktlebensdauer stärker verkürzen als die ohmsche Nennlast.',
    ja: '感度（アンペアターン）は磁石と距離に合わせます。AT値が小さいほど弱い磁界で閉じます。開閉する負荷を開閉電圧と開閉電流の両方で確認し、誘導性・容量性負荷には保護回路を付けてください。これらの負荷は定格の抵抗負荷より接点寿命を短くします。',
    zh: '根据磁铁和距离选择以安匝表示的灵敏度：AT值越低，越弱的磁场即可闭合。按开关电压和开关电流两方面核对负载，感性或容性负载需加保护电路，因为它们比额定阻性负载更缩短触点寿命。',
  },
  'reed-sensors': {
    en: 'Choose the operate distance with the actuating magnet you will use and keep a margin of about 30 % for mounting tolerances and temperature. Then check the contact rating in watts as well as volts and amperes, and the housing: a flange for screw mounting, M8 or M12 thread for panels, a float stem for liquid levels.',
    de: 'Wählen Sie den Schaltabstand mit dem Betätigungsmagneten, den Sie einsetzen, und halten Sie etwa 30 % Reserve für Montagetoleranzen und Temperatur. Prüfen Sie dann die Kontaktbelastbarkeit in Watt sowie Volt und Ampere und das Gehäuse: Flansch zum Schrauben, M8- oder M12-Gewinde für Bleche, Schwimmerschaft für Füllstände.',
    ja: '実際に使う作動用磁石で動作距離を選び、取付公差と温度に対して約30 %の余裕を取ります。次に接点定格をワット、ボルト、アンペアで確認し、ハウジングを選びます。ねじ止めにはフランジ、パネルにはM8またはM12ねじ、液面検知にはフロートステムが適します。',
    zh: '用实际使用的驱动磁铁确定动作距离，并为安装公差和温度留出约30 %余量。然后按瓦、伏和安核对触点额定值，并选择外壳：螺钉安装用法兰，面板安装用M8或M12螺纹，液位检测用浮子杆。',
  },
  'temperature-sensors': {
    en: 'For NTC thermistors pick the resistance at 25 °C so the divider is most sensitive at the temperature you measure most, and the B value that matches your lookup table; the tolerance sets the accuracy at 25 °C. RTDs give the best linearity and interchangeability, thermal cutoffs a one-time disconnection at a fixed temperature.',
    de: 'Bei NTC-Thermistoren wählen Sie den Widerstand bei 25 °C so, dass der Spannungsteiler bei der meistgemessenen Temperatur am empfindlichsten ist, und den B-Wert passend zu Ihrer Tabelle; die Toleranz bestimmt die Genauigkeit bei 25 °C. Widerstandsthermometer bieten die beste Linearität und Austauschbarkeit, Thermosicherungen eine einmalige Abschaltung bei fester Temperatur.',
    ja: 'NTCサーミスタでは、最もよく測る温度で分圧回路の感度が最大になるよう25 °Cでの抵抗値を選び、変換テーブルに合うB定数を選びます。許容差が25 °Cでの精度を決めます。測温抵抗体は直線性と互換性に優れ、温度ヒューズは決まった温度で一度だけ回路を遮断します。',
    zh: '选择NTC热敏电阻时，使25 °C电阻值让分压电路在最常测量的温度下灵敏度最高，并选用与查找表一致的B值；公差决定25 °C时的精度。铂电阻的线性和互换性最好，温度保险丝则在固定温度下一次性断开电路。',
  },
  thyristors: {
    en: 'Size the on-state current for the RMS load current with the heatsink you have, and the repetitive peak off-state voltage well above the mains peak (600 V for 230 V lines, 800 V where surges are frequent). A low gate trigger current lets a microcontroller drive the gate directly; a high critical rate of rise avoids false triggering on noisy lines.',
    de: 'Legen Sie den Durchlassstrom für den Effektivstrom der Last mit Ihrem Kühlkörper aus und die periodische Spitzensperrspannung deutlich über der Netzspitze (600 V für 230-V-Netze, 800 V bei häufigen Überspannungen). Ein kleiner Zündstrom erlaubt die direkte Ansteuerung durch einen Mikrocontroller; eine hohe kritische Spannungssteilheit verhindert Fehlzündungen auf gestörten Leitungen.',
    ja: 'オン電流は使用するヒートシンクでの負荷の実効電流に合わせ、繰り返しピークオフ電圧は電源ピークより十分高くします（230 V系では600 V、サージが多い場合は800 V）。ゲートトリガ電流が小さければマイコンで直接ゲートを駆動でき、臨界オフ電圧上昇率が高ければノイズの多いラインでの誤点弧を防げます。',
    zh: '按所用散热器下负载的有效值电流选择通态电流，断态重复峰值电压应远高于电网峰值（230 V电网选600 V，浪涌频繁时选800 V）。门极触发电流小可由单片机直接驱动，断态电压临界上升率高可避免在干扰大的线路上误触发。',
  },
  mosfets: {
    en: 'Take a drain-source voltage with at least 20 % margin over the highest bus voltage including ringing, then the lowest on-resistance the budget allows: conduction loss is I² × RDS(on) and rises by about half at 125 °C. At high switching frequencies the gate charge matters as much as the on-resistance; silicon carbide parts switch faster with less loss above 600 V.',
    de: 'Nehmen Sie eine Drain-Source-Spannung mit mindestens 20 % Reserve über der höchsten Zwischenkreisspannung samt Überschwingen, dann den kleinsten Einschaltwiderstand, den das Budget erlaubt: Die Durchlassverluste sind I² × RDS(on) und steigen bei 125 °C um etwa die Hälfte. Bei hohen Schaltfrequenzen zählt die Gateladung so viel wie der Einschaltwiderstand; Siliziumkarbid schaltet über 600 V schneller und verlustärmer.',
    ja: 'ドレイン・ソース間電圧は、リンギングを含む最大バス電圧に対し20 %以上の余裕を取り、予算内で最小のオン抵抗を選びます。導通損失はI² × RDS(on)で、125 °Cでは約1.5倍になります。スイッチング周波数が高い場合はゲート電荷がオン抵抗と同じくらい重要で、600 Vを超える用途ではSiC MOSFETがより速く低損失でスイッチングします。',
    zh: '漏源电压应比含振铃在内的最高母线电压留出至少20 %余量，再在预算内选择最低导通电阻：导通损耗为I² × RDS(on)，125 °C时约增加一半。开关频率高时栅极电荷与导通电阻同样重要；600 V以上碳化硅器件开关更快、损耗更低。',
  },
  igbts: {
    en: 'Choose the collector-emitter voltage class from the DC link (600 or 650 V up to 400 V links, 1200 V up to 800 V) and the collector current with margin for the peak phase current at the hottest heatsink. Compare saturation voltage and switching energy at your switching frequency, and check that the short-circuit withstand time covers your driver\'s desaturation detection.',
    de: 'Wählen Sie die Spannungsklasse Kollektor-Emitter nach dem Zwischenkreis (600 oder 650 V bis 400-V-Zwischenkreis, 1200 V bis 800 V) und den Kollektorstrom mit Reserve für den Spitzen-Phasenstrom bei heißestem Kühlkörper. Vergleichen Sie Sättigungsspannung und Schaltenergie bei Ihrer Schaltfrequenz und prüfen Sie, dass die Kurzschlussfestigkeit die Entsättigungserkennung Ihres Treibers abdeckt.',
    ja: 'コレクタ・エミッタ間電圧クラスはDCリンク電圧で選び（400 Vリンクまでは600または650 V、800 Vまでは1200 V）、コレクタ電流はヒートシンク最高温度でのピーク相電流に余裕を持たせます。スイッチング周波数での飽和電圧と総スイッチング損失を比較し、短絡耐量時間がドライバの非飽和検出時間をカバーすることを確認してください。',
    zh: '根据直流母线选择集射极电压等级（400 V母线以下选600或650 V，800 V以下选1200 V），集电极电流须为散热器最热时的峰值相电流留出余量。在实际开关频率下比较饱和压降和开关能量，并确认短路耐受时间覆盖驱动器的退饱和检测时间。',
  },
  relays: {
    en: 'Take the coil voltage of your control supply, then check the contacts against the load: the contact current and switching voltage for resistive loads, with derating for motors, lamps and capacitive inrush. Solid-state relays switch silently without wear but dissipate power when on; the isolation voltage must cover the creepage your safety standard requires.',
    de: 'Nehmen Sie die Spulenspannung Ihrer Steuerversorgung und prüfen Sie dann die Kontakte gegen die Last: Kontaktstrom und Schaltspannung für ohmsche Lasten, mit Abschlägen für Motoren, Lampen und kapazitiven Einschaltstrom. Halbleiterrelais schalten geräuschlos und verschleißfrei, erzeugen im eingeschalteten Zustand aber Verluste; die Isolationsspannung muss die von Ihrer Sicherheitsnorm geforderte Kriechstrecke abdecken.',
    ja: 'コイル電圧は制御電源に合わせ、接点を負荷に対して確認します。抵抗負荷では接点電流と開閉電圧を、モータ、ランプ、容量性突入電流ではディレーティングを考慮します。ソリッドステートリレーは無音で摩耗しませんが、オン時に電力を消費します。絶縁電圧は安全規格が求める沿面距離を満たす必要があります。',
    zh: '线圈电压按控制电源选择，再按负载核对触点：阻性负载看触点电流和开关电压，电机、灯和容性浪涌须降额。固态继电器无声且无磨损，但导通时有功耗；隔离电压须满足安全标准要求的爬电距离。',
  },
};
